/**
 * The consensus score: Morgan, shape and electrostatic similarity fused on one scale.
 *
 * The three scores cannot be averaged as they are: a random pair of molecules scores about 0.1 by Morgan
 * and 0.5 by shape, so in a plain mean the score with the widest spread decides. Each is first turned into
 * its rarity for this query in the searched catalogue, the share of catalogue molecules that score at least
 * as high, estimated from a fixed sample of the catalogue's rows scored once per query (`RarityModel`).
 * The rarities are combined as Fisher combines p-values, by the mean of −log10 rarity, L, so a molecule
 * that is rare by one score (a close analogue, or a scaffold hop with the query's shape and charges) ranks
 * high without the other two; the similarity is L / (1 + L) on 0..1: 0.5 when the three rarities average
 * one in ten (geometrically), 0.75 at one in a thousand, 0.9 at one in a billion.
 *
 * Within the sample the rarity is the sample's share at or above the score, counted as (1 + c) / (n + 1)
 * so it is never 0. Past the sample's top tenth it follows an exponential tail fitted to that tenth (the
 * peaks-over-threshold estimate with mean excess as the scale), so molecules above every sampled score
 * still differ, and a close analogue ranks above a merely good hit.
 */

/** Rows of the searched catalogue scored per query to estimate rarities (all rows of a smaller catalogue). */
export const FUSION_REFERENCE_ROWS = 1000;
/** The top share of the sample the exponential tail is fitted to. */
export const FUSION_TAIL_SHARE = 0.1;
/** The smallest tail scale, so a sample whose top scores tie (a tiny catalogue) still extrapolates smoothly. */
export const FUSION_MIN_TAIL_SCALE = 0.01;

/** How rare each score of one component is for one query, from the sample's scores of that component. */
export interface RarityModel {
  /** The sample's scores, descending (NaN left out). */
  descending: Float64Array;
  /** Where the tail begins: the score just below the sample's top tenth. */
  threshold: number;
  /** The rarity at the threshold, which the tail starts from. */
  thresholdRarity: number;
  /** The tail's scale: mean excess of the top tenth over the threshold. */
  scale: number;
}

export function rarityModel(sampleScores: ArrayLike<number>): RarityModel {
  const descending = Float64Array.from(Array.from(sampleScores).filter((score) => !Number.isNaN(score))).sort().reverse();
  const n = descending.length;
  if (n === 0) return { descending, threshold: Number.POSITIVE_INFINITY, thresholdRarity: 1, scale: FUSION_MIN_TAIL_SCALE };
  const top = Math.max(1, Math.floor(FUSION_TAIL_SHARE * n));
  const threshold = descending[Math.min(top, n - 1)]!;
  let excess = 0;
  for (let i = 0; i < top; i++) excess += descending[i]! - threshold;
  const model = { descending, threshold, thresholdRarity: 1, scale: Math.max(FUSION_MIN_TAIL_SCALE, excess / top) };
  model.thresholdRarity = sampleRarity(model, threshold);
  return model;
}

/** The estimated share of the catalogue scoring `score` or more, in (0, 1]. */
export function rarity(model: RarityModel, score: number): number {
  if (score > model.threshold) return model.thresholdRarity * Math.exp(-(score - model.threshold) / model.scale);
  return sampleRarity(model, score);
}

/** (1 + the sample's scores at or above `score`) / (n + 1). */
function sampleRarity(model: RarityModel, score: number): number {
  const scores = model.descending;
  let low = 0;
  let high = scores.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (scores[mid]! >= score) low = mid + 1;
    else high = mid;
  }
  return (1 + low) / (scores.length + 1);
}

/** The three rarity models of one query in one catalogue. */
export interface ConsensusReference {
  morgan: RarityModel;
  shape: RarityModel;
  electrostatic: RarityModel;
}

/** The component scores of one molecule. */
export interface ComponentScores {
  morgan: number;
  shape: number;
  electrostatic: number;
}

/** The consensus similarity of a molecule with these exact component scores: L / (1 + L), L the mean −log10 rarity. */
export function consensusScore(reference: ConsensusReference, scores: ComponentScores): number {
  return fusedRarity([reference.morgan, reference.shape, reference.electrostatic], [scores.morgan, scores.shape, scores.electrostatic]);
}

/**
 * L / (1 + L), L the mean −log10 rarity of `scores[i]` by `models[i]`: the consensus fusion of any set of
 * components, so other mixes can be compared with the engine's on the same scale.
 */
export function fusedRarity(models: readonly RarityModel[], scores: readonly number[]): number {
  if (models.length !== scores.length) throw new RangeError(`${models.length} rarity models for ${scores.length} scores.`);
  let logs = 0;
  for (let i = 0; i < models.length; i++) logs += Math.log10(rarity(models[i]!, scores[i]!));
  // 0 − logs, not −logs: rarities of 1 give 0 rather than −0.
  const surprise = (0 - logs) / models.length;
  return surprise / (1 + surprise);
}
