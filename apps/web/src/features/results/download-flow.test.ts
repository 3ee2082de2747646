import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadLinkAnswer } from '@molsearch/api';
import { DOWNLOAD_WAIT_LIMIT_MS, linkCheckWaits, runDownload } from './download-flow.ts';
import type { DownloadProgress } from './download-flow.ts';
import { InMemoryResultsSource, hitsOf } from './in-memory-results-source.ts';

/** A results source whose file is ready from the `readyAt`-th link check on. */
class SlowFile extends InMemoryResultsSource {
  checks = 0;
  constructor(private readonly readyAt: number) {
    super({ MOLPORT: hitsOf('MP', 2) });
  }
  override async downloadLink(): Promise<DownloadLinkAnswer> {
    this.checks++;
    if (this.checks < this.readyAt) return { status: 'PREPARING', download_link: null, message: null, num_molecules: null };
    return { status: 'READY', download_link: '/api/downloads/job/results-all.csv', message: null, num_molecules: 2 };
  }
}

const request = { job_name: 'job-1', file_format: 'csv' as const, include_properties: false, include_metadata: false, neighbor_ids: [] };

describe('download link checks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks at once, then within a second, backing off to 10 s, for the 3 minutes the dialog states', () => {
    const waits = linkCheckWaits();
    expect(waits.slice(0, 3)).toEqual([0, 250, 500]);
    expect(waits[0]! + waits[1]! + waits[2]!).toBeLessThan(1000);
    expect(Math.max(...waits)).toBe(10_000);
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeLessThanOrEqual(DOWNLOAD_WAIT_LIMIT_MS);
    expect(total + 10_000).toBeGreaterThan(DOWNLOAD_WAIT_LIMIT_MS);
  });

  it('hands over a file ready at the first check without waiting', async () => {
    const source = new SlowFile(1);
    await expect(runDownload(source, request, () => undefined)).resolves.toBe('/api/downloads/job/results-all.csv');
    expect(source.checks).toBe(1);
  });

  it('finds a file that takes a moment within the first second', async () => {
    const source = new SlowFile(3);
    const progress: DownloadProgress[] = [];
    const link = runDownload(source, request, (step) => progress.push(step));
    await vi.advanceTimersByTimeAsync(750);
    await expect(link).resolves.toBe('/api/downloads/job/results-all.csv');
    expect(progress.filter((step) => step.phase === 'waiting').map((step) => step.phase === 'waiting' && step.attempt)).toEqual([1, 2, 3]);
  });

  it('gives up with the spec\'s message once the waits are used up', async () => {
    const source = new SlowFile(Number.POSITIVE_INFINITY);
    const link = runDownload(source, request, () => undefined);
    const outcome = expect(link).rejects.toThrow('Timed out waiting for download link');
    await vi.advanceTimersByTimeAsync(DOWNLOAD_WAIT_LIMIT_MS);
    await outcome;
    expect(source.checks).toBe(linkCheckWaits().length);
  });
});
