import type { SearchQuality, SearchMethod } from '@molsearch/api';

export interface MethodInfo {
  value: SearchMethod;
  label: string;
  /** One line under the toggle. */
  summary: string;
  formula: string;
  details: string[];
}

export interface QualityInfo {
  value: SearchQuality;
  label: string;
  clusters: number;
  expectedTime: string;
  details: string;
}

/** Spec section 2: Electrostatic, Shape, Morgan, with the formulas the server computes. */
export const SEARCH_METHODS: readonly MethodInfo[] = [
  {
    value: 'espsim_electrostatic',
    label: 'Electrostatic',
    summary: 'Shape plus charge distribution (ESPsim)',
    formula: 'S = (C + 1) / 2,  C = ∫ φA φB dV / √(∫ φA² dV · ∫ φB² dV)',
    details: [
      'Each molecule gets atom-centred partial charges; its Coulomb potential φ is approximated by a sum of Gaussians so the overlap integrals have closed forms.',
      'The candidate conformer is first placed in its best shape alignment on the query (the same pose as the Shape method); the electrostatic score is computed at that pose.',
      'The Carbó index C runs from −1 (opposite potentials) to 1 (identical); it is renormalised to 0..1 so that all methods share one scale.',
      'Finds compounds that present the same charged and polar groups in the same places, even when their scaffolds differ.',
    ],
  },
  {
    value: 'espsim_shape',
    label: 'Shape',
    summary: '3D volume overlap after alignment',
    formula: 'S = V_AB / (V_AA + V_BB − V_AB)',
    details: [
      'Every heavy atom is a Gaussian sphere; V_AB is the overlap volume of query A and candidate B, V_AA and V_BB their self-overlaps.',
      'The candidate conformers are rotated and translated to maximise V_AB before scoring, so the score is a Gaussian volume-overlap Tanimoto at the best alignment.',
      'Good for scaffold hopping: molecules that fill the same space score high whatever their bonds.',
    ],
  },
  {
    value: 'morgan',
    label: 'Morgan',
    summary: '2D substructure fingerprints (ECFP4-like)',
    formula: 'T(A, B) = |A ∩ B| / (|A| + |B| − |A ∩ B|)',
    details: [
      'Morgan fingerprints of radius 2 folded to 2048 bits: each bit marks a circular atom environment up to two bonds wide.',
      'A and B are the sets of bits on; the Tanimoto coefficient is the share of environments the two molecules have in common.',
      'Independent of conformation and the fastest method; best for close analogues of the query.',
    ],
  },
];

/** Spec section 9: clusters searched and approximate times per quality. */
export const SEARCH_QUALITIES: readonly QualityInfo[] = [
  {
    value: 'very_accurate',
    label: 'Very Accurate',
    clusters: 40,
    expectedTime: '30–60 s',
    details: 'Probes the 40 index clusters nearest the query: the closest to an exhaustive scan, for final candidate lists.',
  },
  {
    value: 'accurate',
    label: 'Accurate',
    clusters: 20,
    expectedTime: '10–30 s',
    details: 'Probes 20 clusters: a balance of recall and speed for most searches.',
  },
  {
    value: 'fast',
    label: 'Fast',
    clusters: 10,
    expectedTime: '5–15 s',
    details: 'Probes 10 clusters: quick exploration; the best hits are usually already found.',
  },
];

export const DEFAULT_METHOD: SearchMethod = 'espsim_electrostatic';
export const DEFAULT_QUALITY: SearchQuality = 'fast';

export function methodInfo(value: string): MethodInfo | undefined {
  return SEARCH_METHODS.find((method) => method.value === value);
}

export function qualityInfo(value: string): QualityInfo | undefined {
  return SEARCH_QUALITIES.find((quality) => quality.value === value);
}
