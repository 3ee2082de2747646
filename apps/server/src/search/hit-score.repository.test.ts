import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HitScoreRepository, NO_SCORE } from './hit-score.repository.ts';
import { DiskJobFiles } from './job-files.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-scores-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('stored hit scores', () => {
  it('reads back what was written, unscored and absent scores apart, after a restart too', async () => {
    const jobDir = new DiskJobFiles(dir);
    const scores = new HitScoreRepository(jobDir);
    const columns = await scores.read('job-1', 'MOLPORT', 3);
    expect(Array.from(columns.morgan).every(Number.isNaN)).toBe(true);
    columns.morgan.set([0.5, 0.25, Number.NaN]);
    columns.shape.set([0.75, NO_SCORE, Number.NaN]);
    columns.electrostatic.set([0.125, NO_SCORE, Number.NaN]);
    await scores.write('job-1', 'MOLPORT', columns);
    const again = await new HitScoreRepository(jobDir).read('job-1', 'MOLPORT', 3);
    expect(Array.from(again.morgan.subarray(0, 2))).toEqual([0.5, 0.25]);
    expect(Array.from(again.shape.subarray(0, 2))).toEqual([0.75, NO_SCORE]);
    expect(Array.from(again.electrostatic.subarray(0, 2))).toEqual([0.125, NO_SCORE]);
    expect(Number.isNaN(again.shape[2]!)).toBe(true);
  });

  it('starts again from nothing when the stored file is damaged or of another list', async () => {
    const jobDir = new DiskJobFiles(dir);
    const scores = new HitScoreRepository(jobDir);
    const columns = await scores.read('job-2', 'MOLPORT', 2);
    columns.morgan.set([1, 0.5]);
    await scores.write('job-2', 'MOLPORT', columns);
    expect(Number.isNaN((await new HitScoreRepository(jobDir).read('job-2', 'MOLPORT', 5)).morgan[0]!)).toBe(true);
    await writeFile(join(dir, 'job-2', 'scores', 'MOLPORT.scores'), Buffer.from('not a score file'));
    expect(Number.isNaN((await new HitScoreRepository(jobDir).read('job-2', 'MOLPORT', 2)).morgan[0]!)).toBe(true);
  });
});
