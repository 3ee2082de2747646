import { buildModel3D, encodeModel, gasteigerCharges, generateConformers, generateConformersWith, hydrogenatedGraph } from '@molsearch/chem';
import type { ConformerOptions, ConformerSet, Model3D, MolGraph, RemoteAttempt } from '@molsearch/chem';

export interface ShapeBuildOptions {
  /** Conformers per molecule. */
  conformers: number;
  seed: number;
  /** Per-molecule cap on conformer generation. */
  timeBudgetMs: number;
}

/** Catalogue entries: few conformers (the query brings more); enough for stage 1 and re-scoring. */
export const CATALOGUE_SHAPE: ShapeBuildOptions = { conformers: 3, seed: 42, timeBudgetMs: 2000 };
/** Queries: more conformers, so the query side covers the flexibility the catalogue side lacks; 30 is where
 * our conformers reach the quality gate against RDKit ETKDGv3 + MMFF (npm run bench -- conformer-gate). */
export const QUERY_SHAPE: ShapeBuildOptions = { conformers: 30, seed: 42, timeBudgetMs: 5000 };

export interface ShapeFeatures {
  /** Conformers and Gasteiger charges: what the stage-1 grids and charge sites and the exact scorer read. */
  model: Model3D;
}

/** The 3D model (conformers, Gasteiger charges) of a standardised molecule; undefined when no conformer can be built. */
export function shapeFeatures(smiles: string, options: ShapeBuildOptions): ShapeFeatures | undefined {
  const graph = hydrogenatedGraph(smiles);
  return graph ? featuresOf(graph, generateConformers(graph, conformerOptions(options))) : undefined;
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
  const graph = hydrogenatedGraph(smiles);
  if (!graph) return undefined;
  return featuresOf(graph, await generateConformersWith(graph, conformerOptions(options), embedder.embedFor(graph, options.seed), embedder.inFlight));
}

function conformerOptions(options: ShapeBuildOptions): ConformerOptions {
  return { count: options.conformers, seed: options.seed, timeBudgetMs: options.timeBudgetMs };
}

function featuresOf(graph: MolGraph, { conformers }: ConformerSet): ShapeFeatures | undefined {
  if (conformers.length === 0 || conformers[0]!.length === 0) return undefined;
  // A hydrogen or proton alone has no volume to compare: it scores 0 even against itself.
  if (!graph.atoms.some((atom) => atom.atomicNumber > 1)) return undefined;
  return { model: buildModel3D(graph, conformers, gasteigerCharges(graph)) };
}

/** What a batch carries per molecule for the 3D columns: the encoded model, empty when no conformer could be built. */
export function encodedShapeModel(smiles: string, options: ShapeBuildOptions): Uint8Array {
  const features = shapeFeatures(smiles, options);
  return features ? encodeModel(features.model) : new Uint8Array(0);
}
