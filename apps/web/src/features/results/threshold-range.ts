/** Slider bounds and counts over a database's similarity histogram (50 bins over 0..1). */

export interface ThresholdRange {
  min: number;
  max: number;
  step: number;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The slider spans the bins that hold results: from the lower edge of the least similar hit's bin to
 * the lower edge of the best hit's bin, so every position keeps at least one molecule.
 */
export function thresholdRange(binEdges: number[], min: number | null, max: number | null): ThresholdRange {
  const bins = Math.max(1, binEdges.length - 1);
  const step = round(1 / bins);
  if (min === null || max === null) return { min: 0, max: 1 - step, step };
  const low = round(Math.floor(min * bins + 1e-9) / bins);
  const high = round(Math.min(bins - 1, Math.floor(max * bins + 1e-9)) / bins);
  return { min: low, max: Math.max(low, high), step };
}

/** Hits with similarity at or above `threshold`, read from the bins whose lower edge is at or above it. */
export function countAtOrAbove(binEdges: number[], counts: number[], threshold: number): number {
  let total = 0;
  counts.forEach((count, index) => {
    if ((binEdges[index] ?? 0) >= threshold - 1e-9) total += count;
  });
  return total;
}
