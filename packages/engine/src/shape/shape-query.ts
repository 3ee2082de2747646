import { loadRDKit, standardizeSmiles, validateSmiles } from '@molsearch/chem';
import { QUERY_SHAPE, shapeFeatures, shapeFeaturesWith } from '../features/shape-features.ts';
import type { ShapeFeatures } from '../features/shape-features.ts';
import { EngineError } from '../format/engine-error.ts';
import { poolEmbedder } from './conformer-pool.ts';
import type { ConformerPool } from './conformer-pool.ts';

export interface ShapeQuery extends ShapeFeatures {
  smiles: string;
}

/**
 * The query standardised as import does, with the query-side conformers (more than a catalogue entry
 * has), embedded on `pool`'s threads when given: the same conformers either way.
 */
export async function shapeQuery(smiles: string, pool?: ConformerPool): Promise<ShapeQuery> {
  await loadRDKit();
  const validation = validateSmiles(smiles);
  if (!validation.ok) throw new EngineError('INVALID_SMILES', validation.message);
  const standard = standardizeSmiles(validation.smiles);
  const features = standard && (pool ? await shapeFeaturesWith(standard.smiles, QUERY_SHAPE, poolEmbedder(pool)) : shapeFeatures(standard.smiles, QUERY_SHAPE));
  if (!standard || !features) throw new EngineError('INVALID_SMILES', `No 3D conformer could be built for ${smiles}.`);
  return { smiles: standard.smiles, ...features };
}
