/** The four similarity bands of the spec (section 9): a score is 1 minus the normalised distance, 0..1. */
export type SimilarityBandKey = 'very-high' | 'high' | 'moderate' | 'low';

export interface SimilarityBand {
  key: SimilarityBandKey;
  label: string;
}

export function similarityBand(score: number): SimilarityBand {
  if (score >= 0.9) return { key: 'very-high', label: 'Very high similarity' };
  if (score >= 0.7) return { key: 'high', label: 'Highly similar' };
  if (score >= 0.5) return { key: 'moderate', label: 'Moderate similarity' };
  return { key: 'low', label: 'Low similarity' };
}

/** Scores shown with three decimals: the methods do not resolve finer differences. */
export function formatSimilarity(score: number): string {
  return score.toFixed(3);
}
