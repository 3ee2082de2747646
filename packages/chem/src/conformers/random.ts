import { seededRandom as mulberry32 } from '../seeded-random.ts';
import type { Random } from '../seeded-random.ts';

export type { Random };

/** The embedder's stream for a seed; the seed is whitened first so small seeds give unrelated streams. */
export function seededRandom(seed: number): Random {
  return mulberry32((seed | 0) ^ 0x9e3779b9);
}

/** Mixes a base seed with an attempt number so every embedding attempt draws an independent stream. */
export function attemptSeed(seed: number, attempt: number): number {
  let h = Math.imul((seed | 0) ^ 0x85ebca6b, 0xc2b2ae35) ^ Math.imul(attempt + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) | 0;
}
