import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MORGAN_BYTES, popcount, seededRandom, tanimoto } from '@molsearch/chem';
import { fingerprintCopy, setBitsOf, writeReplicatedFingerprints } from './morgan-replicas.ts';

/** A fingerprint with `bits` distinct set bits drawn from `seed`. */
function randomFingerprint(bits: number, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const fingerprint = new Uint8Array(MORGAN_BYTES);
  while (popcount(fingerprint) < bits) {
    const bit = Math.floor(random() * MORGAN_BYTES * 8);
    fingerprint[bit >> 3]! |= 1 << (bit & 7);
  }
  return fingerprint;
}

function copyOf(source: Uint8Array, row: number, copy: number, kind: 'identical' | 'distinct', moves: number): Uint8Array {
  const target = new Uint8Array(MORGAN_BYTES);
  fingerprintCopy(source, setBitsOf(source), row, copy, kind, moves, target);
  return target;
}

describe('fingerprintCopy', () => {
  const source = randomFingerprint(45, 7);

  it('keeps the first copy and every identical copy as the source', () => {
    expect(copyOf(source, 3, 0, 'distinct', 3)).toEqual(source);
    expect(copyOf(source, 3, 5, 'identical', 3)).toEqual(source);
  });

  it('moves exactly `moves` set bits of a distinct copy, keeping its popcount', () => {
    const copy = copyOf(source, 3, 5, 'distinct', 3);
    expect(popcount(copy)).toBe(45);
    // 42 bits shared, 48 in the union.
    expect(tanimoto(copy, source)).toBeCloseTo(42 / 48, 12);
  });

  it('draws the same copy for the same row and copy, and other copies for others', () => {
    expect(copyOf(source, 3, 5, 'distinct', 3)).toEqual(copyOf(source, 3, 5, 'distinct', 3));
    expect(copyOf(source, 3, 6, 'distinct', 3)).not.toEqual(copyOf(source, 3, 5, 'distinct', 3));
    expect(copyOf(source, 4, 5, 'distinct', 3)).not.toEqual(copyOf(source, 3, 5, 'distinct', 3));
  });
});

describe('writeReplicatedFingerprints', () => {
  it('writes every source `copies` times in a row, in popcount order', async () => {
    const work = await mkdtemp(join(tmpdir(), 'morgan-replicas-'));
    try {
      const sources = [randomFingerprint(20, 1), randomFingerprint(30, 2), randomFingerprint(40, 3)];
      const { path, total, copies } = await writeReplicatedFingerprints(work, sources, 7, 'distinct', 2);
      expect({ total, copies }).toEqual({ total: 9, copies: 3 });
      const bytes = await readFile(path);
      expect(bytes.length).toBe(9 * MORGAN_BYTES);
      const rows = Array.from({ length: 9 }, (_, i) => new Uint8Array(bytes.buffer, bytes.byteOffset + i * MORGAN_BYTES, MORGAN_BYTES));
      expect(rows.map(popcount)).toEqual([20, 20, 20, 30, 30, 30, 40, 40, 40]);
      expect(rows[3]).toEqual(sources[1]);
      expect(new Set(rows.map((row) => Buffer.from(row).toString('hex'))).size).toBe(9);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
