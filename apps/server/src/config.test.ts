import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jobConcurrency).toBe(1);
    expect(config.rateLimiting).toBe(true);
    expect(config.jobRetentionMs).toBe(7 * 24 * 3_600_000);
    expect(config.maxBodyBytes).toBe(8 * 1024 * 1024);
    expect(config.maxHeaderBytes).toBe(64 * 1024);
  });

  it('lets flags win over the environment', () => {
    const config = loadConfig({ PORT: '9000', MOLSEARCH_DATA_DIR: '/tmp/a' }, { port: 9100, dataDir: '/tmp/b' });
    expect(config.port).toBe(9100);
    expect(config.dataDir).toBe('/tmp/b');
  });

  it('stops start-up naming every bad setting at once', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JOB_CONCURRENCY: '0' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL: must be a postgres[\s\S]*JOB_CONCURRENCY/);
  });
});
