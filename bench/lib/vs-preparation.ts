// The virtual-screening benchmark's own 3D preparation, the import's sequence (standardise, Morgan,
// hydrogens, conformers, partial charges, 3D model) done twice per molecule so today's models and the
// new ones are built side by side: the neutral standard form and the pH 7.4 form, each with Gasteiger
// and MMFF94 charges on the same conformers.
import {
  MORGAN_BYTES,
  addHydrogenAtoms,
  buildModel3D,
  encodeModel,
  generateConformers,
  graphFromRDKitJson,
  morganFingerprint,
  partialCharges,
  protonateAtPh74,
  standardizeSmiles,
  withMol,
} from '@molsearch/chem';
import type { ConformerMethod, MolGraph, PartialChargeModel } from '@molsearch/chem';
import { colourFeatures, encodeFeatures } from './vs-colour.ts';

export const CHARGE_STATES = ['neutral', 'ph74'] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];
export const CHARGE_MODELS: readonly PartialChargeModel[] = ['gasteiger', 'mmff94'];

/** As the engine's CATALOGUE_SHAPE / QUERY_SHAPE (packages/engine, import preparation): seed 42. */
export interface ConformerSettings { conformers: number; seed: number; timeBudgetMs: number; method: ConformerMethod }
/** As the engine builds catalogue rows (CATALOGUE_SHAPE) and queries (QUERY_SHAPE). */
export const CATALOGUE_CONFORMERS: ConformerSettings = { conformers: 3, seed: 42, timeBudgetMs: 2000, method: 'fragments' };
export const QUERY_CONFORMERS: ConformerSettings = { conformers: 30, seed: 42, timeBudgetMs: 5000, method: 'distance-geometry' };

export interface PreparedMolecule {
  fingerprint: Uint8Array;
  heavyAtoms: number;
  /** Encoded 3D models `${state}:${model}`; absent when no conformer could be built. */
  models: Partial<Record<`${ChargeState}:${PartialChargeModel}`, Uint8Array>>;
  /** Net formal charge of the pH 7.4 form. */
  ph74Charge: number;
  /** MMFF94 could not type the molecule (its "mmff94" models carry Gasteiger charges). */
  mmffFallback: boolean;
  /** Colour features of the pH 7.4 form (vs-colour.ts encodeFeatures), sites numbered as in its models. */
  colour: Uint8Array;
}

export function prepareMolecule(smiles: string, settings: ConformerSettings): PreparedMolecule | undefined {
  const standard = standardizeSmiles(smiles)?.smiles;
  if (!standard) return undefined;
  const fingerprint = withMol(standard, morganFingerprint);
  const parsed = withMol(standard, (mol) => graphFromRDKitJson(mol.get_json()));
  if (!fingerprint || !parsed) return undefined;
  const protonated = protonateAtPh74(parsed).graph;
  const forms: Record<ChargeState, MolGraph> = { neutral: withHydrogens(parsed), ph74: withHydrogens(protonated) };
  const prepared: PreparedMolecule = {
    fingerprint: fingerprint.slice(0, MORGAN_BYTES),
    heavyAtoms: parsed.atoms.filter((atom) => atom.atomicNumber > 1).length,
    models: {},
    ph74Charge: protonated.atoms.reduce((sum, atom) => sum + atom.formalCharge, 0),
    mmffFallback: false,
    colour: encodeFeatures(colourFeatures(forms.ph74)),
  };
  for (const state of CHARGE_STATES) {
    const graph = forms[state];
    // A hydrogen or proton alone has no volume to compare (the import builds no model either).
    if (!graph.atoms.some((atom) => atom.atomicNumber > 1)) continue;
    const { conformers } = generateConformers(graph, { count: settings.conformers, seed: settings.seed, timeBudgetMs: settings.timeBudgetMs, method: settings.method });
    if (conformers.length === 0 || conformers[0]!.length === 0) continue;
    for (const model of CHARGE_MODELS) {
      const charges = partialCharges(graph, model);
      if (model === 'mmff94' && charges.model !== 'mmff94') prepared.mmffFallback = true;
      prepared.models[`${state}:${model}`] = encodeModel(buildModel3D(graph, conformers, charges.charges));
    }
  }
  return prepared;
}

/** A copy of a hydrogen-count graph with its hydrogens as atoms (the input is left as it is). */
export function withHydrogens(graph: MolGraph): MolGraph {
  return addHydrogenAtoms({ atoms: graph.atoms.map((atom) => ({ ...atom })), bonds: [...graph.bonds], rings: graph.rings });
}
