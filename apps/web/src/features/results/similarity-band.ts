/**
 * Similarity bands by rarity. Raw scores of the methods are not on one footing (a typical catalogue
 * compound scores about 0.55 by electrostatics or shape and 0.1 by Morgan), so a band says how rare a score
 * is among the molecules of the database searched, by the method searched with: the share of the database
 * scoring at least as high, read from the search's own score histogram.
 */
export type SimilarityBandKey = 'very-high' | 'high' | 'moderate' | 'low';

export interface SimilarityBand {
  key: SimilarityBandKey;
  label: string;
  /** The band holds scores reached by at most this share of the database. */
  share: number;
}

export const SIMILARITY_BANDS: readonly SimilarityBand[] = [
  { key: 'very-high', label: 'Very high similarity', share: 0.001 },
  { key: 'high', label: 'Highly similar', share: 0.01 },
  { key: 'moderate', label: 'Moderate similarity', share: 0.1 },
  { key: 'low', label: 'Low similarity', share: 1 },
];

/** A database's score histogram (the job's bins over 0..1) and how many molecules the database holds. */
export interface ScoreDistribution {
  binEdges: number[];
  counts: number[];
  /** Molecules in the database; the histogram holds the hits, and anything not among them scored lower. */
  size: number;
}

export interface ScoreRarity {
  /** Share of the database scoring at least this score, 1/size to 1. */
  share: number;
  band: SimilarityBand;
}

/**
 * Molecules scoring at least `score`: every bin above the score's bin, and of its own bin the part above
 * the score (hits spread evenly within a bin); at least one, the hit itself.
 */
export function countAtOrAboveScore(distribution: ScoreDistribution, score: number): number {
  const { binEdges, counts } = distribution;
  let count = 0;
  counts.forEach((binCount, index) => {
    const low = binEdges[index] ?? 0;
    const high = binEdges[index + 1] ?? 1;
    if (low >= score) count += binCount;
    else if (high > score) count += (binCount * (high - score)) / (high - low);
  });
  return Math.max(1, count);
}

export function scoreRarity(distribution: ScoreDistribution, score: number): ScoreRarity {
  const total = distribution.counts.reduce((sum, count) => sum + count, 0);
  const size = Math.max(distribution.size, total, 1);
  const share = Math.min(1, countAtOrAboveScore(distribution, score) / size);
  return { share, band: SIMILARITY_BANDS.find((band) => share <= band.share) ?? SIMILARITY_BANDS[SIMILARITY_BANDS.length - 1]! };
}

/**
 * "top 0.1 %", "top 0.4 %", "top 3 %", "top 40 %": the share rounded up (never rarer than it is) to one
 * significant figure, and never finer than 0.1 %.
 */
export function formatShare(share: number): string {
  const percent = Math.max(share * 100, 0.1);
  const unit = percent < 1 ? 0.1 : percent < 10 ? 1 : 10;
  const rounded = Math.min(100, Math.ceil(percent / unit - 1e-9) * unit);
  return `top ${rounded < 1 ? rounded.toFixed(1) : rounded.toFixed(0)} %`;
}

/** Scores shown with three decimals: the methods do not resolve finer differences. */
export function formatSimilarity(score: number): string {
  return score.toFixed(3);
}
