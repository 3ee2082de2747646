import type { HitScores } from './results.types.ts';

export interface HitScoreKind {
  key: keyof HitScores;
  /** Short label for cards and axes. */
  label: string;
  /** What the score is, for titles and the detail view. */
  description: string;
}

/** The three scores every hit carries, in the order they are shown. */
export const HIT_SCORE_KINDS: readonly HitScoreKind[] = [
  { key: 'morgan', label: 'Morgan', description: 'Morgan fingerprint Tanimoto (radius 2, 2048 bits)' },
  { key: 'shape', label: 'Shape', description: 'Shape Tanimoto at the best-shape alignment' },
  { key: 'electrostatic', label: 'Electrostatic', description: 'Electrostatic score at the best-shape alignment' },
];

/** Two decimals, or a dash where the hit has no such score (its catalogue has no 3D models). */
export function formatHitScore(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : value.toFixed(2);
}
