/** A seeded uniform generator on [0, 1): same seed, same sequence (mulberry32, fast and good enough for sampling). */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = (seed | 0) ^ 0x9e3779b9;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a base seed with an attempt number so every embedding attempt draws an independent stream. */
export function attemptSeed(seed: number, attempt: number): number {
  let h = Math.imul((seed | 0) ^ 0x85ebca6b, 0xc2b2ae35) ^ Math.imul(attempt + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) | 0;
}
