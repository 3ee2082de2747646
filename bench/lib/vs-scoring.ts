// Scores of one query against every candidate, for every method and model variant the virtual-screening
// benchmark compares: Morgan; shape on each charge state's conformers; and the electrostatic score in
// four forms for each charge state and charge model, all at the best-shape pose of that state's models.
import { ELECTROSTATIC_FORMS, applyPose, decodeModel, electrostaticFormScore, electrostaticOverlaps, score, tanimoto } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { colourTanimoto, decodeFeatures, featurePoints } from './vs-colour.ts';
import type { ColourFeature } from './vs-colour.ts';
import { CHARGE_MODELS, CHARGE_STATES } from './vs-preparation.ts';
import type { ChargeState, PreparedMolecule } from './vs-preparation.ts';

export const SCORE_COLUMNS: readonly string[] = [
  'morgan',
  ...CHARGE_STATES.map((state) => `shape:${state}`),
  ...CHARGE_STATES.flatMap((state) => CHARGE_MODELS.flatMap((model) => ELECTROSTATIC_FORMS.map((form) => `esp:${state}:${model}:${form}`))),
  // Colour Tanimoto of the pH 7.4 form at its best-shape pose, and its mean with the shape Tanimoto (ROCS's TanimotoCombo / 2).
  'colour:ph74',
  'combo:ph74',
];
const COLUMN = new Map(SCORE_COLUMNS.map((name, index) => [name, index]));

export interface DecodedMolecule {
  fingerprint: Uint8Array;
  heavyAtoms: number;
  models: Map<string, Model3D>;
  colour: ColourFeature[];
}

export function decodeMolecule(prepared: PreparedMolecule): DecodedMolecule {
  const models = new Map<string, Model3D>();
  for (const [key, bytes] of Object.entries(prepared.models)) if (bytes) models.set(key, decodeModel(bytes));
  return { fingerprint: prepared.fingerprint, heavyAtoms: prepared.heavyAtoms, models, colour: decodeFeatures(prepared.colour) };
}

/**
 * Column-major scores (SCORE_COLUMNS × candidates) of `query` against `candidates`; a pair without a
 * 3D model scores 0 in the 3D columns, as a catalogue row without one does.
 */
export function scoreAgainst(query: DecodedMolecule, candidates: readonly (DecodedMolecule | undefined)[]): Float32Array {
  const n = candidates.length;
  const out = new Float32Array(SCORE_COLUMNS.length * n);
  const set = (column: string, row: number, value: number): void => {
    out[COLUMN.get(column)! * n + row] = value;
  };
  candidates.forEach((candidate, row) => {
    if (!candidate) return;
    set('morgan', row, tanimoto(query.fingerprint, candidate.fingerprint));
    for (const state of CHARGE_STATES) scoreState(query, candidate, state, (column, value) => set(column, row, value));
  });
  return out;
}

function scoreState(query: DecodedMolecule, candidate: DecodedMolecule, state: ChargeState, set: (column: string, value: number) => void): void {
  const queryModel = query.models.get(`${state}:gasteiger`);
  const candidateModel = candidate.models.get(`${state}:gasteiger`);
  if (!queryModel || !candidateModel) return;
  const aligned = score(queryModel, candidateModel, 'espsim_shape');
  set(`shape:${state}`, aligned.shape);
  for (const model of CHARGE_MODELS) {
    // The charge models of one state share its conformers, so the pose holds for each.
    const overlaps = electrostaticOverlaps(query.models.get(`${state}:${model}`)!, candidate.models.get(`${state}:${model}`)!, aligned.pose);
    for (const form of ELECTROSTATIC_FORMS) set(`esp:${state}:${model}:${form}`, electrostaticFormScore(overlaps, aligned.shape, form));
  }
  if (state !== 'ph74') return;
  const queryPoints = featurePoints(query.colour, queryModel.conformers[aligned.pose.queryConformer]!);
  const candidatePoints = featurePoints(candidate.colour, applyPose(candidateModel, aligned.pose));
  const colour = colourTanimoto(query.colour, queryPoints, candidate.colour, candidatePoints);
  set('colour:ph74', colour);
  set('combo:ph74', (aligned.shape + colour) / 2);
}
