import { decodeModel, poseToSdf, score } from '@molsearch/chem';
import type { ElectrostaticForm, Model3D, ScoreMethod } from '@molsearch/chem';

/**
 * The molblock of a candidate (its catalogue SMILES and encoded 3D model) aligned on `query` at its
 * best-shape pose, the pose chemists ask for in downloads, titled `title`; undefined for an empty model.
 * The pose is the search's: the same alignment, the electrostatic score formed as the catalogue's `form`.
 * RDKit must be loaded: the molblock is written from the SMILES.
 */
export function poseMolblock(query: Model3D, method: ScoreMethod, form: ElectrostaticForm, smiles: string, encodedModel: Uint8Array, title: string): string | undefined {
  if (encodedModel.byteLength === 0) return undefined;
  const model = decodeModel(encodedModel);
  const { pose } = score(query, model, method, { electrostaticForm: form });
  return poseToSdf(smiles, model, pose, title).replace(/\n\$\$\$\$\n?$/, '\n');
}
