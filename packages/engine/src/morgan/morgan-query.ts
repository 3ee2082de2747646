import { loadRDKit, morganFingerprint, standardizeSmiles, validateSmiles, withMol } from '@molsearch/chem';
import { EngineError } from '../format/engine-error.ts';

export interface MorganQuery {
  /** The query as the catalogues store molecules: standardised canonical SMILES. */
  smiles: string;
  fingerprint: Uint8Array;
}

/** Standardises the query exactly as import does, so a catalogue molecule finds itself at similarity 1. */
export async function morganQuery(smiles: string): Promise<MorganQuery> {
  await loadRDKit();
  const validation = validateSmiles(smiles);
  if (!validation.ok) throw new EngineError('INVALID_SMILES', validation.message);
  const standard = standardizeSmiles(validation.smiles);
  const fingerprint = standard && withMol(standard.smiles, morganFingerprint);
  if (!standard || !fingerprint) throw new EngineError('INVALID_SMILES', `Invalid SMILES: ${smiles}`);
  return { smiles: standard.smiles, fingerprint };
}
