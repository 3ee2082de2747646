import { describe, expect, it } from 'vitest';
import { queuedJob as job } from './job-row.fixture.ts';
import { DownloadRepository } from '../downloads/download.repository.ts';
import { preparingDownload as download } from '../downloads/download-row.fixture.ts';
import { JobRepository } from './job.repository.ts';
import { suiteStore } from '../store/scratch-store.fixture.ts';

// The same behaviour on both stores: this is what "one code path" has to prove.
describe.each(['sqlite', 'postgres'] as const)('job and download store on %s', (kind) => {
  const store = suiteStore(kind, 'molsearch-store-');

  it('keeps jobs with their numbers intact and lists waiting ones in submission order', async () => {
    const jobs = new JobRepository(store());
    await jobs.insert(job('j2', 'visitor:a', 2_000_000_000_002));
    await jobs.insert(job('j1', 'visitor:a', 2_000_000_000_001));
    await jobs.insert(job('j3', 'visitor:b', 2_000_000_000_003));
    expect((await jobs.listByState(['queued'])).map((row) => row.id)).toEqual(['j1', 'j2', 'j3']);
    const found = await jobs.find('j1');
    expect(found?.created_at).toBe(2_000_000_000_001);
    expect(typeof found?.created_at).toBe('number');
    expect(await jobs.countActive('visitor:a')).toBe(2);
    expect(await jobs.find('nope')).toBeUndefined();
  });

  it('moves a job through running to succeeded, counting attempts', async () => {
    const jobs = new JobRepository(store());
    await jobs.markRunning('j1', 10);
    await jobs.updateProgress('j1', 40, 'ENAMINE-REAL');
    let row = await jobs.find('j1');
    expect(row).toMatchObject({ state: 'running', attempts: 1, percent: 40, current_database: 'ENAMINE-REAL' });
    await jobs.markSucceeded('j1', 123, 20, 1000);
    // A late progress write must not turn a finished job back into a running one.
    await jobs.updateProgress('j1', 50, 'ENAMINE-REAL');
    row = await jobs.find('j1');
    expect(row).toMatchObject({ state: 'succeeded', percent: 100, num_results: 123, expires_at: 1000 });
    expect(await jobs.countActive('visitor:a')).toBe(1);
    expect((await jobs.countByState()).succeeded).toBe(1);
  });

  it('expires finished jobs past their retention and keeps their ids known', async () => {
    const jobs = new JobRepository(store());
    await jobs.markFailed('j3', 'no reason', 30, 5000);
    expect(await jobs.due(1500)).toEqual(['j1']);
    await jobs.markExpired(['j1']);
    expect(await jobs.due(1500)).toEqual([]);
    expect((await jobs.find('j1'))?.state).toBe('expired');
    expect((await jobs.find('j3'))?.state).toBe('failed');
  });

  it('keeps one download per selection: the latest prepare wins', async () => {
    const downloads = new DownloadRepository(store());
    expect(await downloads.replace(download('d1', 'j3', 100))).toBeUndefined();
    const previous = await downloads.replace(download('d2', 'j3', 9000));
    expect(previous?.id).toBe('d1');
    const current = await downloads.findSelection({ jobId: 'j3', fileFormat: 'csv', downloadSuff: 'all', dbName: '' });
    expect(current).toMatchObject({ id: 'd2', sim_th: 0.25, state: 'preparing' });
    await downloads.markReady('d2', 'hits.csv', 10, 2048);
    expect(await downloads.find('d2')).toMatchObject({ state: 'ready', num_molecules: 10, size_bytes: 2048 });
    expect((await downloads.due(5000, [])).map((row) => row.id)).toEqual([]);
    expect((await downloads.due(5000, ['j3'])).map((row) => row.id)).toEqual(['d2']);
    await downloads.forget(['d2']);
    expect(await downloads.find('d2')).toBeUndefined();
  });
});
