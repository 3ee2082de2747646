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

  it('reads the account settings: OAuth providers only with id and secret, SMTP only with a host', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://molsearch.example/',
      TRUSTED_ORIGINS: 'https://a.example, https://b.example',
      SMTP_HOST: 'mail.example',
      SMTP_USER: 'robot',
      SMTP_PASSWORD: 'hunter2',
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      LINKEDIN_CLIENT_ID: 'linkedin-id',
    });
    expect(config.accounts.publicUrl).toBe('https://molsearch.example');
    expect(config.accounts.trustedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.accounts.smtp).toMatchObject({ host: 'mail.example', port: 587, secure: false, user: 'robot' });
    expect(config.accounts.google).toMatchObject({ clientId: 'google-id', discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration' });
    expect(config.accounts.linkedin).toBeUndefined();
    expect(loadConfig({}).accounts).toMatchObject({ secret: undefined, smtp: undefined, google: undefined, signInAttemptsPerMinute: 5 });
  });

  it('refuses a short secret without printing it', () => {
    const attempt = () => loadConfig({ BETTER_AUTH_SECRET: 'too-short-secret' });
    expect(attempt).toThrow(/BETTER_AUTH_SECRET: must be at least 32 characters/);
    expect(attempt).not.toThrow(/too-short-secret/);
  });
});
