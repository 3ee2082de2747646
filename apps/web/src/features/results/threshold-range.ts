/** Slider bounds and counts over a database's similarity histogram (50 bins over 0..1). */

export interface ThresholdRange {
  min: number;
  max: number;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Thresholds in between are chosen to the shown precision. */
export const THRESHOLD_PRECISION = 0.001;

/**
 * The slider spans the scores found: from the lower edge of the least similar hit's bin (keeping every hit)
 * up to the best score itself, so its top position keeps exactly the best hit.
 */
export function thresholdRange(binEdges: number[], min: number | null, max: number | null): ThresholdRange {
  const bins = Math.max(1, binEdges.length - 1);
  if (min === null || max === null) return { min: 0, max: 1 };
  const low = round(Math.floor(min * bins + 1e-9) / bins);
  return { min: low, max: Math.max(low, max) };
}

/** A slider position as a threshold: the shown precision, or the best score itself at the top. */
export function snapThreshold(value: number, range: ThresholdRange): number {
  if (value >= range.max - THRESHOLD_PRECISION / 2) return range.max;
  const snapped = Math.round(value / THRESHOLD_PRECISION) * THRESHOLD_PRECISION;
  return round(Math.min(range.max, Math.max(range.min, snapped)));
}

/** Hits with similarity at or above `threshold`, read from the bins whose lower edge is at or above it. */
export function countAtOrAbove(binEdges: number[], counts: number[], threshold: number): number {
  let total = 0;
  counts.forEach((count, index) => {
    if ((binEdges[index] ?? 0) >= threshold - 1e-9) total += count;
  });
  return total;
}
