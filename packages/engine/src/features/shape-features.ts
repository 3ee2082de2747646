import { addHydrogenAtoms, buildModel3D, encodeModel, generateConformers, generateConformersWith, hydrogenatedGraph, partialCharges, protonatedGraph, protonatedGraphOf } from '@molsearch/chem';
import type { ConformerMethod, ConformerOptions, ConformerSet, Model3D, MolGraph, RemoteAttempt } from '@molsearch/chem';
import { CURRENT_CHARGE_MODEL } from './charge-model.ts';
import type { ChargeModel } from './charge-model.ts';

/** How a molecule's 3D model is built: its conformers, and the charge state and charge model of its charges. */
export interface ShapeBuildOptions extends Partial<ChargeModel> {
  /** Conformers per molecule. */
  conformers: number;
  seed: number;
  /** Per-molecule cap on conformer generation. */
  timeBudgetMs: number;
  /** How conformers are embedded; default distance geometry. */
  method?: ConformerMethod;
}

/** The charge model `options` name, today's (CURRENT_CHARGE_MODEL) where they name none. */
export function buildChargeModel(options: ShapeBuildOptions): ChargeModel {
  return { charges: options.charges ?? CURRENT_CHARGE_MODEL.charges, protonation: options.protonation ?? CURRENT_CHARGE_MODEL.protonation };
}

/**
 * Catalogue entries: few conformers (the query brings more); enough for stage 1 and re-scoring. Assembled
 * from fragments, which is about twice as fast as distance geometry and as good at three a molecule.
 */
export const CATALOGUE_SHAPE: ShapeBuildOptions = { conformers: 3, seed: 42, timeBudgetMs: 2000, method: 'fragments', ...CURRENT_CHARGE_MODEL };
/** Queries: more conformers, so the query side covers the flexibility the catalogue side lacks; 30 is where
 * our conformers reach the quality gate against RDKit ETKDGv3 + MMFF (npm run bench -- conformer-gate).
 * A query searched in a catalogue of another charge model is built with that model instead. */
export const QUERY_SHAPE: ShapeBuildOptions = { conformers: 30, seed: 42, timeBudgetMs: 5000, method: 'distance-geometry', ...CURRENT_CHARGE_MODEL };

export interface ShapeFeatures {
  /** Conformers and partial charges: what the stage-1 grids and charge sites and the exact scorer read. */
  model: Model3D;
  /** MMFF94 could not type the molecule, so its charges are Gasteiger's (import counts these). */
  chargeFallback: boolean;
}

/**
 * The 3D model of a standardised molecule (its neutral standard form): conformers of the charge state
 * `options.protonation` names, with `options.charges` partial charges; undefined when no conformer can be built.
 */
export function shapeFeatures(smiles: string, options: ShapeBuildOptions, read?: MolGraph): ShapeFeatures | undefined {
  return featuresOfBuilt(moleculeConformers(smiles, options, read), options);
}

/** A molecule's graph with every hydrogen, and its conformers: the first of the two steps of its 3D model. */
export interface BuiltConformers {
  graph: MolGraph;
  conformers: ConformerSet;
}

/** The first step of `shapeFeatures`: the model's graph and its conformers; undefined when the graph cannot be made. */
export function moleculeConformers(smiles: string, options: ShapeBuildOptions, read?: MolGraph): BuiltConformers | undefined {
  const graph = modelGraph(smiles, options, read);
  return graph && { graph, conformers: generateConformers(graph, conformerOptions(options)) };
}

function featuresOfBuilt(built: BuiltConformers | undefined, options: ShapeBuildOptions): ShapeFeatures | undefined {
  return built && featuresOf(built.graph, built.conformers, buildChargeModel(options));
}

/**
 * The molecule with every hydrogen as an atom, in the charge state the model is built from (same heavy-atom
 * order either way); from `read`, the graph of `smiles` as `graphFromRDKitJson` reads it, when the caller has it.
 */
function modelGraph(smiles: string, options: ShapeBuildOptions, read?: MolGraph): MolGraph | undefined {
  const protonated = buildChargeModel(options).protonation === 'ph7.4';
  if (!read) return protonated ? protonatedGraph(smiles)?.graph : hydrogenatedGraph(smiles);
  return protonated ? protonatedGraphOf(read).graph : addHydrogenAtoms({ atoms: read.atoms.map((atom) => ({ ...atom })), bonds: [...read.bonds], rings: read.rings });
}

/** Where a molecule's conformer attempts are embedded instead of this thread (shape/conformer-pool.ts). */
export interface ConformerEmbedder {
  /** The `embed` of `generateConformersWith` for one molecule. */
  embedFor(graph: MolGraph, seed: number): (attempt: number, budgetMs: number) => Promise<RemoteAttempt>;
  /** Attempts in flight at once. */
  inFlight: number;
}

/**
 * `shapeFeatures` with the conformer attempts embedded by `embedder` (worker threads): the same features
 * (unless the time budget cuts it short), sooner. Queries take this path, imports the other.
 */
export async function shapeFeaturesWith(smiles: string, options: ShapeBuildOptions, embedder: ConformerEmbedder): Promise<ShapeFeatures | undefined> {
  const graph = modelGraph(smiles, options);
  if (!graph) return undefined;
  return featuresOf(graph, await generateConformersWith(graph, conformerOptions(options), embedder.embedFor(graph, options.seed), embedder.inFlight), buildChargeModel(options));
}

function conformerOptions(options: ShapeBuildOptions): ConformerOptions {
  return { count: options.conformers, seed: options.seed, timeBudgetMs: options.timeBudgetMs, ...(options.method ? { method: options.method } : {}) };
}

function featuresOf(graph: MolGraph, { conformers }: ConformerSet, model: ChargeModel): ShapeFeatures | undefined {
  if (conformers.length === 0 || conformers[0]!.length === 0) return undefined;
  // A hydrogen or proton alone has no volume to compare: it scores 0 even against itself.
  if (!graph.atoms.some((atom) => atom.atomicNumber > 1)) return undefined;
  const charges = partialCharges(graph, model.charges);
  return { model: buildModel3D(graph, conformers, charges.charges), chargeFallback: charges.model !== model.charges };
}

/**
 * What a batch carries per molecule for the 3D columns: the encoded model, empty when no conformer could
 * be built, and whether its charges fell back to Gasteiger.
 */
export interface ShapeModelRow {
  model: Uint8Array;
  chargeFallback: boolean;
}

/** The batch row of a molecule's 3D model; `read` as for `modelGraph`. */
export function shapeModelRow(smiles: string, options: ShapeBuildOptions, read?: MolGraph): ShapeModelRow {
  return modelRow(moleculeConformers(smiles, options, read), options);
}

/** The second step of `shapeModelRow`: charges, model and its encoding, from the first step's conformers. */
export function modelRow(built: BuiltConformers | undefined, options: ShapeBuildOptions): ShapeModelRow {
  const features = featuresOfBuilt(built, options);
  return features ? { model: encodeModel(features.model), chargeFallback: features.chargeFallback } : { model: new Uint8Array(0), chargeFallback: false };
}

/** The encoded 3D model alone, empty when no conformer could be built. `read` as for `modelGraph`. */
export function encodedShapeModel(smiles: string, options: ShapeBuildOptions, read?: MolGraph): Uint8Array {
  return shapeModelRow(smiles, options, read).model;
}
