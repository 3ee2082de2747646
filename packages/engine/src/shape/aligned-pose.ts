import { decodeModel, poseToSdf, score } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import type { SearchMethod } from '../format/search-types.ts';
import type { ShapeQuery } from './shape-query.ts';

/**
 * The molblock of a 3D hit aligned on the query at its best-shape pose (the pose chemists ask for in
 * downloads), titled `title`; undefined when the catalogue has no 3D model for the row.
 */
export function alignedHitMolblock(query: ShapeQuery, method: Exclude<SearchMethod, 'morgan'>, catalogue: Catalogue, row: number, title: string): string | undefined {
  if (!catalogue.shape) return undefined;
  const model = decodeModel(catalogue.shape.model(row));
  const { pose } = score(query.model, model, method);
  return poseToSdf(catalogue.smiles(row), model, pose, title).replace(/\n\$\$\$\$\n?$/, '\n');
}
