import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HitListRepository } from './hit-list.repository.ts';
import type { JobFiles } from './job-files.ts';
import { StoredJobFiles } from './stored-job-files.ts';
import type { Store } from '../store/database.ts';
import { openScratchStore } from '../store/scratch-store.ts';

async function readAll(files: JobFiles, jobId: string, name: string): Promise<Buffer | undefined> {
  const opened = await files.open(jobId, name);
  if (!opened) return undefined;
  const parts: Buffer[] = [];
  for await (const part of opened.stream) parts.push(part as Buffer);
  const data = Buffer.concat(parts);
  expect(data.length).toBe(opened.size);
  return data;
}

describe.each(['sqlite', 'postgres'] as const)('job files kept in the store, on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  let scratch: string;

  beforeAll(async () => {
    ({ store, close } = await openScratchStore(kind, 'molsearch-job-files-'));
    scratch = await mkdtemp(join(tmpdir(), 'molsearch-job-files-scratch-'));
  });
  afterAll(async () => {
    await close?.();
    await rm(scratch, { recursive: true, force: true });
  });

  it('reads back what another server wrote, small, empty and over several chunks', async () => {
    const writer = new StoredJobFiles(store, join(scratch, 'a'));
    const reader = new StoredJobFiles(store, join(scratch, 'b'));
    const large = randomBytes(2.5 * 1024 * 1024);
    await writer.write('job-1', 'hits/MOLPORT.hits', large);
    await writer.write('job-1', 'empty', Buffer.alloc(0));
    expect((await reader.read('job-1', 'hits/MOLPORT.hits'))!.equals(large)).toBe(true);
    expect((await readAll(reader, 'job-1', 'hits/MOLPORT.hits'))!.equals(large)).toBe(true);
    expect((await reader.read('job-1', 'empty'))!.length).toBe(0);
    expect(await reader.read('job-1', 'none')).toBeUndefined();
    // A rewrite replaces every chunk of the earlier file.
    await writer.write('job-1', 'hits/MOLPORT.hits', Buffer.from('short'));
    expect((await reader.read('job-1', 'hits/MOLPORT.hits'))!.toString()).toBe('short');
  });

  it('adopts a file built locally, serves it to every server and removes what is named', async () => {
    const builder = new StoredJobFiles(store, join(scratch, 'a'));
    const other = new StoredJobFiles(store, join(scratch, 'b'));
    const content = randomBytes(1024 * 1024 + 17);
    const path = join(builder.localDir('job-2'), 'file.partial.csv');
    await mkdir(builder.localDir('job-2'), { recursive: true });
    await writeFile(path, content);
    expect(await builder.adopt('job-2', 'downloads/d.csv', path)).toBe(content.length);
    expect(existsSync(path)).toBe(false);
    expect((await readAll(other, 'job-2', 'downloads/d.csv'))!.equals(content)).toBe(true);
    await other.write('job-2', 'downloads/d.ids.json', Buffer.from('[]'));
    await other.remove('job-2', ['downloads/d.csv']);
    expect(await other.open('job-2', 'downloads/d.csv')).toBeUndefined();
    expect(await other.read('job-2', 'downloads/d.ids.json')).toBeDefined();
    await builder.remove('job-2');
    expect(await other.read('job-2', 'downloads/d.ids.json')).toBeUndefined();
  });

  it('serves a hit list written by one server to another, and forgets it once the job is removed', async () => {
    const a = new HitListRepository({ jobsDir: join(scratch, 'a'), files: new StoredJobFiles(store, join(scratch, 'a')) });
    const b = new HitListRepository({ jobsDir: join(scratch, 'b'), files: new StoredJobFiles(store, join(scratch, 'b')) });
    const histogram = Array.from({ length: 20 }, (_, i) => i);
    await a.write('job-3', { database: 'MOLPORT', rows: Uint32Array.from([7, 3, 9]), similarities: Float32Array.from([0.9, 0.5, 0.7]), histogram });
    const read = await b.read('job-3', 'MOLPORT');
    expect(Array.from(read.rows)).toEqual([7, 9, 3]);
    expect(read.histogram).toEqual(histogram);
    await a.remove('job-3');
    await expect(new HitListRepository({ jobsDir: join(scratch, 'c'), files: new StoredJobFiles(store, join(scratch, 'c')) }).read('job-3', 'MOLPORT')).rejects.toThrow(/ENOENT/);
  });
});
