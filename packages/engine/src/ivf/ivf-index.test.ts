import { mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIvfIndex, writeIvfIndex, ivfFileNames } from './ivf-files.ts';
import { buildIvfIndex, probeIvf } from './ivf-index.ts';

// Generic vector-index behaviour, so synthetic vectors serve: 40 well-separated groups of 50 points.
const DIM = 12;
const GROUPS = 40;
const PER_GROUP = 50;

function clusteredVectors(): Float32Array {
  let state = 7;
  const random = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const centres = Array.from({ length: GROUPS }, () => Array.from({ length: DIM }, () => random() * 20));
  const vectors = new Float32Array(GROUPS * PER_GROUP * DIM);
  for (let i = 0; i < GROUPS * PER_GROUP; i++) {
    const centre = centres[i % GROUPS]!;
    for (let d = 0; d < DIM; d++) vectors[i * DIM + d] = centre[d]! + (random() - 0.5);
  }
  return vectors;
}

function bruteForce(vectors: Float32Array, query: Float32Array, limit: number): number[] {
  const count = vectors.length / DIM;
  const scored = Array.from({ length: count }, (_, row) => {
    let sum = 0;
    for (let d = 0; d < DIM; d++) sum += Math.abs(vectors[row * DIM + d]! - query[d]!);
    return { row, similarity: 1 / (1 + sum / DIM) };
  });
  scored.sort((a, b) => b.similarity - a.similarity || a.row - b.row);
  return scored.slice(0, limit).map((s) => s.row);
}

describe('IVF index', () => {
  const vectors = clusteredVectors();
  const count = vectors.length / DIM;
  const index = buildIvfIndex(vectors, DIM, { seed: 3 });

  it('stores every row once, lists contiguous, about sqrt(N) lists', () => {
    expect(index.offsets.length - 1).toBe(Math.round(Math.sqrt(count)));
    expect([...index.rows].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
    for (let e = 0; e < count; e++) expect([...index.vectors.subarray(e * DIM, (e + 1) * DIM)]).toEqual([...vectors.subarray(index.rows[e]! * DIM, (index.rows[e]! + 1) * DIM)]);
  });

  it('is exact when every list is probed, and keeps high recall with a few probes', () => {
    let found = 0;
    for (const queryRow of [0, 17, 333, 1999]) {
      const query = vectors.slice(queryRow * DIM, (queryRow + 1) * DIM);
      const exact = bruteForce(vectors, query, 10);
      expect([...probeIvf(index, query, index.offsets.length, 10).rows]).toEqual(exact);
      const probed = probeIvf(index, query, 4, 10);
      expect(probed.scanned).toBeLessThan(count / 4);
      found += exact.filter((row) => probed.rows.includes(row)).length;
    }
    expect(found / 40).toBeGreaterThanOrEqual(0.9);
  });

  it('round-trips through its files and names a truncated one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'molsearch-ivf-'));
    try {
      const { entry, files } = await writeIvfIndex(dir, 'usrcat', index);
      expect(files.map((f) => f.name)).toEqual(ivfFileNames('usrcat'));
      const read = await readIvfIndex(dir, entry);
      expect(read).toEqual(index);
      await truncate(join(dir, 'ivf-usrcat.vectors.f32'), 10);
      await expect(readIvfIndex(dir, entry)).rejects.toThrow(/ivf-usrcat\.vectors\.f32 has 10 bytes/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
