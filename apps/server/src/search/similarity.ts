/**
 * Similarities are stored as float32 and answered with six decimals (0.699999988 reads 0.7).
 * Thresholds compare against the answered value, so a hit shown as 0.7 passes sim_th=0.7.
 */
export function roundSimilarity(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
