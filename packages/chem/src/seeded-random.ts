/** A seeded uniform generator on [0, 1): same seed, same sequence on every platform. */
export type Random = () => number;

/** Mulberry32: small, fast and good enough for sampling starts, embeddings and test transforms. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
