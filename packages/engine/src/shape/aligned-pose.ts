import type { ScoreMethod } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { catalogueChargeModel, electrostaticFormFor } from '../features/charge-model.ts';
import type { SearchMethod } from '../format/search-types.ts';
import { poseMolblock } from './pose-molblock.ts';
import { poseCandidates } from './rescore-pool.ts';
import type { RescoreOptions } from './rescore-pool.ts';
import type { ShapeQuery } from './shape-query.ts';

type PosedMethod = Exclude<SearchMethod, 'morgan'>;

/** Every 3D method poses a hit at its best-shape alignment; consensus takes the 3D scores' pose. */
function scorerMethod(method: PosedMethod): ScoreMethod {
  return method === 'consensus' ? 'espsim_shape' : method;
}

/**
 * The molblock of a 3D hit aligned on the query at its best-shape pose (the pose chemists ask for in
 * downloads), titled `title`; undefined when the catalogue has no 3D model for the row. The query should
 * be built with the catalogue's charge model (`shapeQuery`'s `chargeModel`), as the search built it: the
 * conformers of another charge state give a pose that may differ slightly from the search's.
 */
export function alignedHitMolblock(query: ShapeQuery, method: PosedMethod, catalogue: Catalogue, row: number, title: string): string | undefined {
  if (!catalogue.shape) return undefined;
  const form = electrostaticFormFor(catalogueChargeModel(catalogue.manifest.shape!));
  return poseMolblock(query.model, scorerMethod(method), form, catalogue.smiles(row), catalogue.shape.model(row), title);
}

export interface AlignedHitsOptions extends RescoreOptions {
  /** The title of each row's record, in the order of the rows; the catalogue's compound id by default. */
  titles?: readonly string[];
}

/**
 * `alignedHitMolblock` for many rows, in their order: on the re-scoring pool's workers when `pool` is
 * given (chunks of rows, two a worker in flight), else on this thread yielding between chunks; both
 * give the same molblocks. Reports the fraction done to `onProgress` after each chunk and stops with
 * ABORTED once `signal` is aborted. Every row is undefined when the catalogue has no 3D columns.
 */
export async function alignedHitMolblocks(
  query: ShapeQuery, method: PosedMethod, catalogue: Catalogue, rows: ArrayLike<number>, options: AlignedHitsOptions = {},
): Promise<(string | undefined)[]> {
  const shape = catalogue.shape;
  if (!shape) return Array.from({ length: rows.length }, () => undefined);
  const candidates = Array.from(rows, (row, i) => ({ model: shape.model(row), smiles: catalogue.smiles(row), title: options.titles?.[i] ?? catalogue.compoundId(row) }));
  const electrostaticForm = electrostaticFormFor(catalogueChargeModel(catalogue.manifest.shape!));
  return poseCandidates(query.model, scorerMethod(method), candidates, { ...options, electrostaticForm });
}
