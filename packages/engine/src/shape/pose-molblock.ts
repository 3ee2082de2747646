import { decodeModel, poseToSdf, score } from '@molsearch/chem';
import type { Model3D, ScoreMethod } from '@molsearch/chem';

/**
 * The molblock of a candidate (its catalogue SMILES and encoded 3D model) aligned on `query` at its
 * best-shape pose, the pose chemists ask for in downloads, titled `title`; undefined for an empty model.
 * RDKit must be loaded: the molblock is written from the SMILES.
 */
export function poseMolblock(query: Model3D, method: ScoreMethod, smiles: string, encodedModel: Uint8Array, title: string): string | undefined {
  if (encodedModel.byteLength === 0) return undefined;
  const model = decodeModel(encodedModel);
  const { pose } = score(query, model, method);
  return poseToSdf(smiles, model, pose, title).replace(/\n\$\$\$\$\n?$/, '\n');
}
