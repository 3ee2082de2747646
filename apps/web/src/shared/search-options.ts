import { SEARCH_METHODS as API_SEARCH_METHODS } from '@molsearch/api';
import type { SearchQuality, SearchMethod } from '@molsearch/api';

export interface MethodInfo {
  value: SearchMethod;
  label: string;
  /** One line under the toggle. */
  summary: string;
  formula: string;
  details: string[];
}

/** Share of the 30 best molecules (by exact scoring of every molecule) that a search returns, mean over the queries measured. */
export interface Measured {
  found: number | null;
}

/** The methods whose searches score a quality's candidates exactly: Morgan compares every fingerprint. */
export type CandidateMethod = 'shape' | 'electrostatic' | 'consensus';

/** The candidates each search method scores exactly; Morgan has none. */
const CANDIDATES_OF: Partial<Record<SearchMethod, CandidateMethod>> = { espsim_shape: 'shape', espsim_electrostatic: 'electrostatic', consensus: 'consensus' };

export interface QualityInfo {
  value: SearchQuality;
  label: string;
  details: string;
  /** Candidates per database that stage 2 aligns and scores exactly, by method (the engine's STAGE2_CANDIDATES). */
  candidates: Record<CandidateMethod, number>;
  /**
   * How stage 1 probes the index (the engine's STAGE1_INDEX_PROBE): query conformers (each under four axis flips) and the
   * nearest rows each probe keeps; in databases of up to 2 million molecules, which keep a fingerprint of every conformer,
   * `everyConformer`'s query conformers and the nearest conformer fingerprints each probe keeps.
   */
  probe: { conformers: number; rows: number; everyConformer: { conformers: number; vectors: number } };
  /** On MEASURED_ON (FOUND_TOP_30); null where not measured. */
  measured: { shape: Measured; electrostatic: Measured };
}

/**
 * What the method cards say about each method (spec section 2, and consensus beyond it), with the formulas
 * the server computes. Keyed by method so the API's list (the engine's vocabulary) decides which methods
 * exist and their order; a new method cannot appear without its text.
 */
const METHOD_TEXTS: Record<SearchMethod, Omit<MethodInfo, 'value'>> = {
  espsim_electrostatic: {
    label: 'Electrostatic',
    summary: 'Shape plus charge distribution (ESPsim)',
    formula: 'S = ½ · [ V_AB / (V_AA + V_BB − V_AB) + (T + 1/3) / (4/3) ],  T = ∫ φA φB / (∫ φA² + ∫ φB² − ∫ φA φB)',
    details: [
      'Each molecule is taken in its dominant charge state at pH 7.4 (carboxylic acids as carboxylates, amines and amidines protonated) and gets MMFF94 partial charges; its Coulomb potential φ is approximated by a sum of Gaussians so the overlap integrals have closed forms.',
      'The candidate conformer is first placed in its best shape alignment on the query (the same pose as the Shape method); both halves of the score are taken at that pose.',
      'The score is the mean of the shape Tanimoto (the Shape method’s score) and the electrostatic Tanimoto T of the two potentials, renormalised from −1/3..1 to 0..1: identical molecules score 1.',
      'Size-sensitive: both Tanimotos fall when the candidate is much smaller or larger than the query, so a fragment whose few charges line up with part of the query no longer scores as high as the query itself.',
      'Databases built before these charges (Gasteiger charges of the neutral form; the database list says which) are scored as before: the Carbó index at the same pose, C = ∫ φA φB / √(∫ φA² · ∫ φB²), as (C + 1) / 2, which ignores size.',
      'Finds compounds that fill the same space and present the same charged and polar groups in the same places, even when their scaffolds differ.',
    ],
  },
  espsim_shape: {
    label: 'Shape',
    summary: '3D volume overlap after alignment',
    formula: 'S = V_AB / (V_AA + V_BB − V_AB)',
    details: [
      'Every heavy atom is a Gaussian sphere; V_AB is the overlap volume of query A and candidate B, V_AA and V_BB their self-overlaps.',
      'The candidate conformers are rotated and translated to maximise V_AB before scoring, so the score is a Gaussian volume-overlap Tanimoto at the best alignment.',
      'Good for scaffold hopping: molecules that fill the same space score high whatever their bonds.',
    ],
  },
  morgan: {
    label: 'Morgan',
    summary: '2D substructure fingerprints (ECFP4-like)',
    formula: 'T(A, B) = |A ∩ B| / (|A| + |B| − |A ∩ B|)',
    details: [
      'Morgan fingerprints of radius 2 folded to 2048 bits: each bit marks a circular atom environment up to two bonds wide.',
      'A and B are the sets of bits on; the Tanimoto coefficient is the share of environments the two molecules have in common.',
      'Independent of conformation and the fastest method; best for close analogues of the query.',
    ],
  },
  consensus: {
    label: 'Consensus',
    summary: '2D and 3D scores fused by their rarity',
    formula: 'S = L / (1 + L),  L = −¼ · [ 2 log₁₀ p_Morgan + log₁₀ p_Shape + log₁₀ p_Charges ]',
    details: [
      'The three scores live on different scales (an unrelated molecule scores about 0.1 by Morgan and 0.5 by shape), so they are not averaged as they are: each is first turned into its rarity p for this query in the database searched.',
      'p is the share of 1,000 fixed random molecules of that database (all of a smaller one) scoring at least as high, counted as (1 + c) / (n + 1); above the sample’s top tenth it follows an exponential tail fitted to that tenth, so molecules that beat every sampled one still differ.',
      'The charges count by their own ESP score: the electrostatic score is the mean of the shape Tanimoto and the ESP Tanimoto, and taken whole it would count shape twice.',
      'L is the weighted mean of −log₁₀ p, as Fisher combines p-values, with the 2D view (Morgan) weighing as much as the 3D view (shape and charges, a quarter each): a molecule rare by one score alone (a close analogue, or a scaffold hop with the query’s shape and charges) still ranks high. S = 0.5 when the rarities average 1 in 10, 0.75 at 1 in 1,000.',
      'Candidates come from all three methods (the best by Morgan, by shape and by electrostatics); every candidate is scored exactly by all three, and each hit carries its three scores.',
    ],
  },
};

export const SEARCH_METHODS: readonly MethodInfo[] = API_SEARCH_METHODS.map((value) => ({ value, ...METHOD_TEXTS[value] }));

/** What the shares found were measured on, for every text that gives them. */
export const MEASURED_ON = '100,000 real molecules';

/**
 * Shares of the exact top 30 found by quality (`npm run bench -- engine-3d --catalogue CHEMSPACE-100K` on the
 * 100,000 molecules of the Chemspace screening sample as `npm run bench -- scale` imports them, 20 drug queries,
 * each method against its own exact ranking).
 */
export const FOUND_TOP_30: Record<SearchQuality, QualityInfo['measured']> = {
  very_accurate: { shape: { found: 0.977 }, electrostatic: { found: 0.995 } },
  accurate: { shape: { found: 0.907 }, electrostatic: { found: 0.947 } },
  fast: { shape: { found: 0.885 }, electrostatic: { found: 0.923 } },
};

/**
 * A quality's candidates scored exactly, as text: the shape search's, then each other method's that differs, as
 * "35,000 (electrostatic and consensus: 25,000)".
 */
export function candidatesText(candidates: QualityInfo['candidates']): string {
  const others = new Map<number, CandidateMethod[]>();
  for (const method of ['electrostatic', 'consensus'] as const) {
    if (candidates[method] !== candidates.shape) others.set(candidates[method], [...(others.get(candidates[method]) ?? []), method]);
  }
  const shape = candidates.shape.toLocaleString('en-US');
  if (others.size === 0) return shape;
  return `${shape} (${Array.from(others, ([count, methods]) => `${methods.join(' and ')}: ${count.toLocaleString('en-US')}`).join('; ')})`;
}

/**
 * The quality card's line under its label for the method chosen: the candidates that method's search scores
 * exactly and the query conformers it probes from; a Morgan search is exact at every quality.
 */
export function qualityHint(quality: QualityInfo, method: SearchMethod): string {
  const scored = CANDIDATES_OF[method];
  if (!scored) return 'Morgan: exact at every quality';
  return `${quality.candidates[scored].toLocaleString('en-US')} candidates · ${quality.probe.conformers} query conformers`;
}

/** A share found as a whole percentage: a share below 1 never reads as 100 %. */
export function foundPercent(measured: Measured): string {
  if (measured.found === null) return 'not measured';
  return `${Math.min(Math.round(measured.found * 100), measured.found < 1 ? 99 : 100)} %`;
}

/** The shares found at `quality`, as text: "86 % of the true top 30 by shape, 90 % by electrostatics". */
function foundText(quality: SearchQuality): string {
  return `${foundPercent(FOUND_TOP_30[quality].shape)} of the true top 30 by shape, ${foundPercent(FOUND_TOP_30[quality].electrostatic)} by electrostatics`;
}

/**
 * What each quality does for the 3D methods and what it finds. Stage 1 finds each query conformer's nearest
 * molecules by volume fingerprint, and for electrostatics also by charge fingerprint (scanning every
 * fingerprint up to 2 million molecules, walking a graph index of each beyond), compares the grids of the
 * molecules it reaches with the query's (and, for electrostatics, the charges at the best poses) and keeps
 * the best candidates; stage 2 aligns and scores each candidate exactly. Morgan is exact at every quality.
 * The shares found are in FOUND_TOP_30; the demo's times are in DEMO_SEARCH_TIMES.
 */
export const SEARCH_QUALITIES: readonly QualityInfo[] = [
  {
    value: 'very_accurate',
    label: 'Very Accurate',
    details: `Probes the index from 15 query conformers (4 in databases of up to 2 million molecules, against every conformer of each molecule) and scores the best 35,000 candidates of each database exactly (25,000 for electrostatics, which found no more of its top 30 with more), for final candidate lists: on ${MEASURED_ON} ${foundText('very_accurate')}.`,
    candidates: { shape: 35_000, electrostatic: 25_000, consensus: 25_000 },
    probe: { conformers: 15, rows: 4096, everyConformer: { conformers: 4, vectors: 16384 } },
    measured: FOUND_TOP_30.very_accurate,
  },
  {
    value: 'accurate',
    label: 'Accurate',
    details: `Probes the index from 8 query conformers (2 in databases of up to 2 million molecules, against every conformer of each molecule), keeping twice as many per probe as Fast, and scores the best 8,000 candidates of each database exactly: on ${MEASURED_ON} ${foundText('accurate')}.`,
    candidates: { shape: 8_000, electrostatic: 8_000, consensus: 8_000 },
    probe: { conformers: 8, rows: 2048, everyConformer: { conformers: 2, vectors: 8192 } },
    measured: FOUND_TOP_30.accurate,
  },
  {
    value: 'fast',
    label: 'Fast',
    details: `Probes the index from 8 query conformers (2 in databases of up to 2 million molecules, against every conformer of each molecule), ranks what it finds by volume grids compared with the query centred and moved half a voxel either way along its long axis (the three comparisons averaged), and scores the best 5,000 candidates of each database exactly, for exploring: on ${MEASURED_ON} ${foundText('fast')} (rigid queries fare best).`,
    candidates: { shape: 5_000, electrostatic: 5_000, consensus: 3_500 },
    probe: { conformers: 8, rows: 1024, everyConformer: { conformers: 2, vectors: 4096 } },
    measured: FOUND_TOP_30.fast,
  },
];

/** A figure of each quality, from Fast to Very Accurate: "5,000, 8,000 or 35,000". */
function byQuality(figure: (quality: QualityInfo) => number): string {
  const counts = [...SEARCH_QUALITIES].reverse().map((quality) => figure(quality).toLocaleString('en-US'));
  return `${counts.slice(0, -1).join(', ')} or ${counts.at(-1)}`;
}

/** A method's candidates scored exactly at each quality, from Fast to Very Accurate: "5,000, 8,000 or 35,000". */
export function candidatesByQuality(method: CandidateMethod): string {
  return byQuality((quality) => quality.candidates[method]);
}

/**
 * The query conformers stage 1 probes from at each quality, from Fast to Very Accurate: in databases of up to
 * 2 million molecules (against every conformer of each) and in larger ones (against first conformers).
 */
export function probeConformersByQuality(): { scanned: string; walked: string } {
  return { scanned: byQuality((quality) => quality.probe.everyConformer.conformers), walked: byQuality((quality) => quality.probe.conformers) };
}

/** Morgan searches compare every fingerprint (BitBound skips only molecules that cannot reach the hits kept). */
export const MORGAN_SPEED = 'about 5 ms per million molecules on 2 threads';

/**
 * Measured through the API on the demo catalogues (`npm run demo`: 11 databases of up to 1,000 molecules,
 * 10,768 in all) on a 2-core machine: medians over five drug queries, from submitting to the job's success.
 * Every molecule of a demo database is a candidate at every quality, so these searches are exact.
 */
export const DEMO_SEARCH_TIMES = { oneDatabase: '0.5–1 s', allDatabases: '5–9 s', morgan: 'under 0.2 s' } as const;

export const DEFAULT_METHOD: SearchMethod = 'espsim_electrostatic';
export const DEFAULT_QUALITY: SearchQuality = 'fast';

export function methodInfo(value: string): MethodInfo | undefined {
  return SEARCH_METHODS.find((method) => method.value === value);
}

export function qualityInfo(value: string): QualityInfo | undefined {
  return SEARCH_QUALITIES.find((quality) => quality.value === value);
}
