import type { ElectrostaticForm } from '@molsearch/chem';

/**
 * The consensus score: Morgan, shape and electrostatic similarity fused on one scale.
 *
 * The three scores cannot be averaged as they are: a random pair of molecules scores about 0.1 by Morgan
 * and 0.5 by shape, so in a plain mean the score with the widest spread decides. Each is first turned into
 * its rarity for this query in the searched catalogue, the share of catalogue molecules that score at least
 * as high, estimated from a fixed sample of the catalogue's rows scored once per query (`RarityModel`).
 * The rarities are combined as Fisher combines p-values, by a weighted mean of −log10 rarity, L, so a
 * molecule that is rare by one score (a close analogue, or a scaffold hop with the query's shape and
 * charges) ranks high without the others; the similarity is L / (1 + L) on 0..1: 0.5 when the rarities
 * average one in ten (geometrically), 0.75 at one in a thousand, 0.9 at one in a billion.
 *
 * Fisher's combination takes its parts as independent evidence. The electrostatic method's score of a
 * catalogue of the current model is the mean of the shape Tanimoto and the ESP Tanimoto, so fused as it
 * is, shape would count twice. The charges therefore enter by their own ESP score (`chargeScore`), and
 * the 2D view (Morgan) weighs as much as the 3D view, whose half shape and the charges share
 * (`CONSENSUS_WEIGHTS`).
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

/** The weight of each component's −log10 rarity in the consensus: the 2D view half, the 3D view half. */
export const CONSENSUS_WEIGHTS = { morgan: 2, shape: 1, charges: 1 } as const;

/** The rarity models of one query in one catalogue, and the electrostatic form of that catalogue's scores. */
export interface ConsensusReference {
  form: ElectrostaticForm;
  morgan: RarityModel;
  shape: RarityModel;
  charges: RarityModel;
}

/** The component scores of one molecule: the three a hit reports. */
export interface ComponentScores {
  morgan: number;
  shape: number;
  electrostatic: number;
}

/**
 * The charges' own score within an electrostatic score of `form`: a form that is the mean of the shape
 * Tanimoto and an ESP score has the shape taken out again; the others are the ESP score already.
 */
export function chargeScore(form: ElectrostaticForm, shape: number, electrostatic: number): number {
  return form === 'shape_carbo' || form === 'shape_tanimoto' ? 2 * electrostatic - shape : electrostatic;
}

/** The rarity models of the component scores of a catalogue's reference sample. */
export function consensusReference(
  form: ElectrostaticForm,
  sample: { morgan: ArrayLike<number>; shape: ArrayLike<number>; electrostatic: ArrayLike<number> },
): ConsensusReference {
  const charges = Array.from(sample.electrostatic, (electrostatic, i) => chargeScore(form, sample.shape[i]!, electrostatic));
  return { form, morgan: rarityModel(sample.morgan), shape: rarityModel(sample.shape), charges: rarityModel(charges) };
}

/**
 * A reference sample's exact scores with each row's place in the reference order (reference-sample.ts
 * referenceKey), in the part's row order: what each part of a catalogue searched in parts sends, for the
 * parts' samples to be merged into the whole catalogue's.
 */
export interface ReferenceScores {
  form: ElectrostaticForm;
  keys: Float64Array;
  morgan: Float64Array;
  shape: Float64Array;
  electrostatic: Float64Array;
}

/**
 * The rarity models of the whole catalogue from its parts' samples: the FUSION_REFERENCE_ROWS entries first
 * by key (equal keys, a repeated id, lie in one part: by their order there), as the catalogue imported whole
 * would have drawn them.
 */
export function mergedReference(parts: readonly ReferenceScores[]): ConsensusReference {
  const form = parts[0]?.form ?? 'shape_tanimoto';
  if (parts.some((part) => part.form !== form)) throw new RangeError('The parts of one catalogue were scored with different electrostatic forms.');
  const entries = parts.flatMap((part, p) => Array.from(part.keys, (key, at) => ({ key, p, at })));
  entries.sort((a, b) => a.key - b.key || a.p - b.p || a.at - b.at);
  const kept = entries.slice(0, FUSION_REFERENCE_ROWS);
  const column = (pick: (part: ReferenceScores) => Float64Array): Float64Array => Float64Array.from(kept, ({ p, at }) => pick(parts[p]!)[at]!);
  return consensusReference(form, { morgan: column((part) => part.morgan), shape: column((part) => part.shape), electrostatic: column((part) => part.electrostatic) });
}

/** The consensus similarity of a molecule with these exact component scores (NaN when one of them is). */
export function consensusScore(reference: ConsensusReference, scores: ComponentScores): number {
  return fusedRarity(
    [reference.morgan, reference.shape, reference.charges],
    [scores.morgan, scores.shape, chargeScore(reference.form, scores.shape, scores.electrostatic)],
    [CONSENSUS_WEIGHTS.morgan, CONSENSUS_WEIGHTS.shape, CONSENSUS_WEIGHTS.charges],
  );
}

/**
 * L / (1 + L), L the mean −log10 rarity of `scores[i]` by `models[i]`, weighted by `weights[i]` (equal
 * when left out): the consensus fusion of any set of components, so other mixes can be compared with the
 * engine's on the same scale. NaN when a score is NaN (a molecule that could not be scored).
 */
export function fusedRarity(models: readonly RarityModel[], scores: readonly number[], weights?: readonly number[]): number {
  if (models.length !== scores.length || (weights && weights.length !== scores.length)) {
    throw new RangeError(`${models.length} rarity models for ${scores.length} scores${weights ? ` and ${weights.length} weights` : ''}.`);
  }
  let logs = 0;
  let total = 0;
  for (let i = 0; i < models.length; i++) {
    const score = scores[i]!;
    if (Number.isNaN(score)) return Number.NaN;
    const weight = weights?.[i] ?? 1;
    logs += weight * Math.log10(rarity(models[i]!, score));
    total += weight;
  }
  // 0 − logs, not −logs: rarities of 1 give 0 rather than −0.
  const surprise = (0 - logs) / total;
  return surprise / (1 + surprise);
}
