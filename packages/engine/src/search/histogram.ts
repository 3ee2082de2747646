import { HISTOGRAM_BINS } from '../format/search-types.ts';

/** Hits per similarity bin of width 1/bins over 0..1; a similarity of exactly 1 falls in the last bin. */
export function similarityHistogram(similarities: ArrayLike<number>, bins = HISTOGRAM_BINS): number[] {
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < similarities.length; i++) {
    const bin = Math.min(bins - 1, Math.max(0, Math.floor(similarities[i]! * bins)));
    counts[bin]! += 1;
  }
  return counts;
}
