import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { CatalogueService } from '../catalogues/catalogue.service.ts';
import { DownloadFileRepository } from './download-file.repository.ts';
import { DownloadRepository } from './download.repository.ts';
import { preparingDownload } from './download-row.fixture.ts';
import { createEngineAdapter } from '../search/engine.adapter.ts';
import { HitListRepository } from '../search/hit-list.repository.ts';
import { JobRepository } from '../search/job.repository.ts';
import { JobService } from '../search/job.service.ts';
import { createLogger } from '../http/logger.ts';
import { RetentionService } from './retention.service.ts';
import { openStore } from '../store/database.ts';
import type { Store } from '../store/database.ts';
import { queuedJob } from '../search/job-row.fixture.ts';

describe('retention', () => {
  let dir: string;
  let store: Store;
  let clock = 1_000_000;
  const now = () => clock;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'molsearch-retention-'));
    store = await openStore({ dataDir: dir, databaseUrl: undefined });
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The job and download stores, the job service that answers readers, and the retention sweep, on one store. */
  function services() {
    const jobs = new JobRepository(store);
    const hits = new HitListRepository({ jobsDir: join(dir, 'jobs') });
    const downloads = new DownloadRepository(store);
    const files = new DownloadFileRepository(hits.files);
    const engine = createEngineAdapter({ dataDir: dir, catalogueConfig: join(dir, 'none.json'), searchThreads: 1 });
    const logger = createLogger('silent');
    const service = new JobService({ jobs, hits, databases: new CatalogueService({ engine, now }), engine, concurrency: 1, hitsPerDatabase: 10, retentionMs: 1000, visitorsPerAddress: 10, logger, now });
    return { jobs, hits, downloads, files, service, retention: new RetentionService({ jobs, hits, downloads, files, logger, now }) };
  }

  it('deletes the hits of expired jobs and answers their ids with 410, not 404', async () => {
    const { jobs, hits, service, retention } = services();

    await jobs.insert(queuedJob('old-job', 'visitor:x', clock, { search_input: 'CCO', db_names: '["MOLPORT"]' }));
    await jobs.markSucceeded('old-job', 1, clock, clock + 1000);
    await hits.write('old-job', { database: 'MOLPORT', rows: Uint32Array.from([4]), similarities: Float32Array.from([0.5]) });

    clock += 999;
    expect(await retention.sweep()).toEqual({ jobs: 0, downloads: 0 });
    expect((await service.status('old-job')).status).toBe('SUCCESS');

    clock += 1;
    expect(await retention.sweep()).toEqual({ jobs: 1, downloads: 0 });
    expect(existsSync(hits.jobDir('old-job'))).toBe(false);
    const expired = await service.status('old-job').catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(AppError);
    expect((expired as AppError).status).toBe(410);
    const unknown = await service.status('never-was').catch((error: unknown) => error);
    expect((unknown as AppError).status).toBe(404);
  });

  it('reads a job past its retention as expired before the sweep, and finishes a sweep that stopped after removing files', async () => {
    const { jobs, hits, downloads, files, service, retention } = services();

    await jobs.insert(queuedJob('interrupted', 'visitor:x', clock, { search_input: 'CCO', db_names: '["MOLPORT"]' }));
    await jobs.markSucceeded('interrupted', 1, clock, clock + 1000);
    await hits.write('interrupted', { database: 'MOLPORT', rows: Uint32Array.from([4]), similarities: Float32Array.from([0.5]) });
    await downloads.replace(preparingDownload('dl', 'interrupted', clock + 5000));
    await writeFile(await files.partialPath('interrupted', 'dl', 'csv'), 'id,smiles\n');
    await files.publish('interrupted', 'dl', 'csv');
    await downloads.markReady('dl', 'hits.csv', 0, 10);

    clock += 1000;
    // Past its retention, not yet swept: expired to readers, not a job whose files are missing.
    expect(((await service.status('interrupted').catch((error: unknown) => error)) as AppError).status).toBe(410);
    // A sweep that stopped after removing the files: the rows are still there and the next sweep ends it.
    await hits.remove('interrupted');
    expect(await retention.sweep()).toEqual({ jobs: 1, downloads: 1 });
    expect(await downloads.find('dl')).toBeUndefined();
    expect(existsSync(hits.jobDir('interrupted'))).toBe(false);
    expect((await jobs.find('interrupted'))?.state).toBe('expired');
    expect(await retention.sweep()).toEqual({ jobs: 0, downloads: 0 });
  });
});
