import { mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HitListRepository, countAtOrAbove } from './hit-list.repository.ts';
import { countHits, selectHits } from './hit-selection.ts';

const dir = await mkdtemp(join(tmpdir(), 'molsearch-hits-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('HitListRepository', () => {
  it('reads back exactly what was written, from disk as well as from memory', async () => {
    const rows = Uint32Array.from([7, 3, 9, 4_000_000_000]);
    const similarities = Float32Array.from([0.9, 0.7, 0.7, 0.1]);
    await new HitListRepository({ jobsDir: dir }).write('job-a', { database: 'ENAMINE-REAL', rows, similarities });
    const fresh = new HitListRepository({ jobsDir: dir });
    const read = await fresh.read('job-a', 'ENAMINE-REAL');
    expect(Array.from(read.rows)).toEqual(Array.from(rows));
    expect(Array.from(read.similarities)).toEqual(Array.from(similarities));
  });

  it('keeps the histogram the search reported, and reads lists written without one', async () => {
    const histogram = [0, 1, 2, 0, 5];
    await new HitListRepository({ jobsDir: dir }).write('job-h', { database: 'MOLPORT', rows: Uint32Array.from([4, 5]), similarities: Float32Array.from([0.9, 0.2]), histogram });
    expect((await new HitListRepository({ jobsDir: dir }).read('job-h', 'MOLPORT')).histogram).toEqual(histogram);
    await new HitListRepository({ jobsDir: dir }).write('job-h', { database: 'ZINC15', rows: Uint32Array.from([4]), similarities: Float32Array.from([0.9]) });
    expect((await new HitListRepository({ jobsDir: dir }).read('job-h', 'ZINC15')).histogram).toBeUndefined();
  });

  it('stores hits best first even when given in another order', async () => {
    const hits = new HitListRepository({ jobsDir: dir });
    await hits.write('job-b', { database: 'MOLPORT', rows: Uint32Array.from([1, 2, 3]), similarities: Float32Array.from([0.2, 0.8, 0.5]) });
    const read = await new HitListRepository({ jobsDir: dir }).read('job-b', 'MOLPORT');
    expect(Array.from(read.rows)).toEqual([2, 3, 1]);
  });

  it('names the file when it is truncated', async () => {
    const hits = new HitListRepository({ jobsDir: dir });
    await hits.write('job-c', { database: 'ZINC15', rows: Uint32Array.from([1, 2]), similarities: Float32Array.from([0.5, 0.4]) });
    await truncate(join(dir, 'job-c', 'hits', 'ZINC15.hits'), 12);
    await expect(new HitListRepository({ jobsDir: dir }).read('job-c', 'ZINC15')).rejects.toThrow(/ZINC15\.hits is truncated/);
  });

  it('forgets a removed job', async () => {
    const hits = new HitListRepository({ jobsDir: dir });
    await hits.write('job-d', { database: 'ZINC15', rows: Uint32Array.from([1]), similarities: Float32Array.from([0.5]) });
    await hits.remove('job-d');
    await expect(hits.read('job-d', 'ZINC15')).rejects.toThrow(/ENOENT/);
  });
});

describe('thresholds and merged pages', () => {
  const a = { database: 'A', rows: Uint32Array.from([10, 11, 12]), similarities: Float32Array.from([0.9, 0.7, 0.3]) };
  const b = { database: 'B', rows: Uint32Array.from([20, 21]), similarities: Float32Array.from([0.8, 0.7]) };

  it('counts a hit exactly at the threshold (float32 scores against a decimal threshold)', () => {
    expect(countAtOrAbove(a.similarities, 0.7)).toBe(2);
    expect(countAtOrAbove(a.similarities, 0.95)).toBe(0);
    expect(countAtOrAbove(a.similarities, 0)).toBe(3);
  });

  it('merges databases best first and pages through them', () => {
    const all = selectHits([a, b], 0, 10);
    expect(all.map((hit) => `${hit.database}${hit.row}`)).toEqual(['A10', 'B20', 'A11', 'B21', 'A12']);
    expect(selectHits([a, b], 2, 2).map((hit) => hit.row)).toEqual([11, 21]);
    expect(selectHits([a, b], 0, 10, 0.75).map((hit) => hit.row)).toEqual([10, 20]);
    expect(selectHits([a], 1, 5).map((hit) => hit.row)).toEqual([11, 12]);
    expect(selectHits([a], 1_000_000, 30)).toEqual([]);
    expect(countHits([a, b], 0.7)).toBe(4);
  });
});
