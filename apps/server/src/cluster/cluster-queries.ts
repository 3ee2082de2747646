import type { RegisteredCatalogue } from '@molsearch/cluster';
import { EngineError, catalogueChargeModel, chargeModelKey, prepareQuery } from '@molsearch/engine';
import type { PreparedQuery, ShapeQuery } from '@molsearch/engine';

/**
 * The forms of one query that hit scores and poses send to search nodes, built here once and kept: its
 * Morgan form, and its 3D form per catalogue (by the charge model its parts were built with), as
 * prepareQuery builds them for a search, so nodes score with the very query the search used.
 */
export class ClusterQueryForms {
  private morgan: Promise<PreparedQuery> | undefined;
  private readonly shapes = new Map<string, Promise<ShapeQuery | undefined>>();

  constructor(private readonly smiles: string, private readonly threads: number) {}

  /** The query with its Morgan form and, when `catalogue` has 3D columns and the query a 3D model, its 3D form. */
  async forCatalogue(catalogue: RegisteredCatalogue): Promise<PreparedQuery> {
    this.morgan ??= prepareQuery(this.smiles, 'morgan', [], this.threads);
    const morgan = await this.morgan;
    const shape = await this.shape(catalogue);
    return { ...morgan, shape: shape ? new Map([[shapeKey(catalogue)!, shape]]) : new Map() };
  }

  /** The 3D form for `catalogue`'s charge model; undefined without 3D columns, or for a query no conformer can be built for. */
  shape(catalogue: RegisteredCatalogue): Promise<ShapeQuery | undefined> {
    const key = shapeKey(catalogue);
    const build = [...catalogue.parts.values()][0]?.shape;
    if (!key || !build) return Promise.resolve(undefined);
    let query = this.shapes.get(key);
    if (!query) {
      query = prepareQuery(this.smiles, 'espsim_shape', [build], this.threads).then(
        (prepared) => prepared.shape.values().next().value,
        (error: unknown) => {
          // As the single process: a query without a 3D model has no 3D scores; any other failure is tried again.
          if (error instanceof EngineError && (error.code === 'INVALID_SMILES' || error.code === 'METHOD_UNAVAILABLE')) return undefined;
          this.shapes.delete(key);
          throw error;
        },
      );
      this.shapes.set(key, query);
    }
    return query;
  }
}

/** The key prepareQuery files `catalogue`'s 3D form under; its parts share one import's charge model. */
function shapeKey(catalogue: RegisteredCatalogue): string | undefined {
  const shape = [...catalogue.parts.values()][0]?.shape;
  return shape && chargeModelKey(catalogueChargeModel(shape));
}
