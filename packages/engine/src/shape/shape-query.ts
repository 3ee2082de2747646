import { loadRDKit, standardizeSmiles, validateSmiles } from '@molsearch/chem';
import { CURRENT_CHARGE_MODEL } from '../features/charge-model.ts';
import type { ChargeModel } from '../features/charge-model.ts';
import { QUERY_SHAPE, shapeFeatures, shapeFeaturesWith } from '../features/shape-features.ts';
import type { ShapeFeatures } from '../features/shape-features.ts';
import { EngineError } from '../format/engine-error.ts';
import { poolEmbedder } from './conformer-pool.ts';
import type { ConformerPool } from './conformer-pool.ts';

export interface ShapeQuery extends Pick<ShapeFeatures, 'model'> {
  smiles: string;
  /** MMFF94 could not type the query, so its charges are Gasteiger's. */
  chargeFallback?: boolean;
  /** The charge state and charges of `model`: those of the catalogues it is compared with. */
  chargeModel: ChargeModel;
}

/**
 * The query standardised as import does, with the query-side conformers (more than a catalogue entry
 * has), embedded on `pool`'s threads when given: the same conformers either way. Its 3D model is built
 * with `chargeModel`, which must be the model of the catalogue it is searched in (charge-model.ts):
 * today's by default.
 */
export async function shapeQuery(smiles: string, pool?: ConformerPool, chargeModel: ChargeModel = CURRENT_CHARGE_MODEL): Promise<ShapeQuery> {
  await loadRDKit();
  const validation = validateSmiles(smiles);
  if (!validation.ok) throw new EngineError('INVALID_SMILES', validation.message);
  const standard = standardizeSmiles(validation.smiles);
  const options = { ...QUERY_SHAPE, ...chargeModel };
  const features = standard && (pool ? await shapeFeaturesWith(standard.smiles, options, poolEmbedder(pool)) : shapeFeatures(standard.smiles, options));
  if (!standard || !features) throw new EngineError('INVALID_SMILES', `No 3D conformer could be built for ${smiles}.`);
  return { smiles: standard.smiles, ...features, chargeModel: { charges: chargeModel.charges, protonation: chargeModel.protonation } };
}
