import {
  ELECTROSHAPE_LENGTH,
  USRCAT_LENGTH,
  buildModel3D,
  electroShapeDescriptor,
  encodeModel,
  gasteigerCharges,
  generateConformers,
  heavyAtomPoints,
  hydrogenatedGraph,
  usrcatDescriptor,
} from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';

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

export const SHAPE_DESCRIPTORS = { usrcat: USRCAT_LENGTH, electroshape: ELECTROSHAPE_LENGTH } as const;
export type ShapeDescriptorKind = keyof typeof SHAPE_DESCRIPTORS;

export interface ShapeFeatures {
  model: Model3D;
  /** One USRCAT vector per conformer (conformers x 60). */
  usrcat: Float32Array;
  /** One ElectroShape vector per conformer (conformers x 15). */
  electroshape: Float32Array;
}

/**
 * Conformers, Gasteiger charges, stage-1 descriptors and the compact 3D model of a standardised
 * molecule; undefined when no conformer can be built.
 */
export function shapeFeatures(smiles: string, options: ShapeBuildOptions): ShapeFeatures | undefined {
  const graph = hydrogenatedGraph(smiles);
  if (!graph) return undefined;
  const { conformers } = generateConformers(graph, { count: options.conformers, seed: options.seed, timeBudgetMs: options.timeBudgetMs });
  if (conformers.length === 0 || conformers[0]!.length === 0) return undefined;
  const charges = gasteigerCharges(graph);
  const usrcat = new Float32Array(conformers.length * USRCAT_LENGTH);
  const electroshape = new Float32Array(conformers.length * ELECTROSHAPE_LENGTH);
  conformers.forEach((coords, k) => {
    usrcat.set(usrcatDescriptor(graph, coords), k * USRCAT_LENGTH);
    const heavy = heavyAtomPoints(graph, coords, charges);
    electroshape.set(electroShapeDescriptor(heavy.coords, heavy.charges), k * ELECTROSHAPE_LENGTH);
  });
  return { model: buildModel3D(graph, conformers, charges), usrcat, electroshape };
}

/** What a batch carries per molecule for the 3D columns; empty arrays when no conformer could be built. */
export interface EncodedShape {
  model: Uint8Array;
  usrcat: Float32Array;
  electroshape: Float32Array;
}

export function encodedShape(smiles: string, options: ShapeBuildOptions): EncodedShape {
  const features = shapeFeatures(smiles, options);
  if (!features) return { model: new Uint8Array(0), usrcat: new Float32Array(0), electroshape: new Float32Array(0) };
  return { model: encodeModel(features.model), usrcat: features.usrcat, electroshape: features.electroshape };
}
