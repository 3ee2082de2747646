import { tanimoto } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { catalogueChargeModel, chargeModelKey } from '../features/charge-model.ts';
import { EngineError, throwIfAborted } from '../format/engine-error.ts';
import { morganQuery } from '../morgan/morgan-query.ts';
import type { MorganQuery } from '../morgan/morgan-query.ts';
import { rescoreComponents, rowModels } from '../shape/rescore-pool.ts';
import { catalogueElectrostaticForm } from '../shape/shape-search.ts';
import { shapeQuery } from '../shape/shape-query.ts';
import type { ShapeQuery } from '../shape/shape-query.ts';
import { conformerPool, rescorePool } from './shared-pools.ts';

/** The three exact scores of some hits, in their order; a 3D score is NaN where the row has no 3D model. */
export interface HitScores {
  morgan: Float64Array;
  /** Null when the catalogue has no 3D columns, or no 3D model can be built for the query (a lone atom, `*`). */
  shape: Float64Array | null;
  electrostatic: Float64Array | null;
}

export interface HitScoreOptions {
  signal?: AbortSignal;
  /** Fraction 0..1 of the 3D scores done. */
  onProgress?: (fraction: number) => void;
}

/** Scores hits of one query in any catalogue; the query forms are built on first need and kept. */
export interface HitScorer {
  /** Morgan Tanimoto and, where the catalogue has 3D models, the shape and electrostatic scores at the best-shape pose. */
  scores(database: string, rows: ArrayLike<number>, options?: HitScoreOptions): Promise<HitScores>;
  /** The 3D query as built for `database`'s charge model (undefined when the catalogue has no 3D columns or the query no 3D model). */
  shapeQueryFor(database: string): Promise<ShapeQuery | undefined>;
}

export interface HitScorerOptions {
  dataDir: string;
  /** Worker threads of the conformer and re-scoring pools; 1 works on the calling thread. Default 2. */
  threads?: number;
}

/**
 * The scores a search did not rank by, for hits already found: exactly as the searches compute them
 * (the Morgan Tanimoto of the catalogue fingerprint; both 3D scores from the one best-shape alignment
 * on the re-scoring workers, the electrostatic score in its catalogue's form), so a shape hit's shape
 * score read here equals the one its search reported.
 */
export function hitScorer(querySmiles: string, options: HitScorerOptions): HitScorer {
  const threads = options.threads ?? 2;
  let morgan: Promise<MorganQuery> | undefined;
  const shapes = new Map<string, Promise<ShapeQuery | undefined>>();

  const shapeFor = async (catalogue: Catalogue): Promise<ShapeQuery | undefined> => {
    if (!catalogue.manifest.shape) return undefined;
    const model = catalogueChargeModel(catalogue.manifest.shape);
    const key = chargeModelKey(model);
    let query = shapes.get(key);
    if (!query) {
      // A query the Morgan search took but no conformer can be built for has no 3D scores, and that is
      // kept; any other failed build is not: the next call tries again.
      query = shapeQuery(querySmiles, threads > 1 ? conformerPool(threads) : undefined, model).catch((error: unknown) => {
        if (error instanceof EngineError && error.code === 'INVALID_SMILES') return undefined;
        shapes.delete(key);
        throw error;
      });
      shapes.set(key, query);
    }
    return query;
  };

  return {
    async scores(database, rows, scoreOptions = {}) {
      const catalogue = await openCatalogue(options.dataDir, database);
      morgan ??= morganQuery(querySmiles);
      return scoreHitRows(catalogue, { morgan: await morgan, shape: await shapeFor(catalogue) }, rows, { ...scoreOptions, threads });
    },

    async shapeQueryFor(database) {
      return shapeFor(await openCatalogue(options.dataDir, database));
    },
  };
}

/**
 * The three scores of `rows` of `catalogue` for a query already built: its Morgan form, and its 3D form
 * for the catalogue's charge model (undefined when there is none).
 */
export async function scoreHitRows(
  catalogue: Catalogue, query: { morgan: MorganQuery; shape: ShapeQuery | undefined }, rows: ArrayLike<number>, options: HitScoreOptions & { threads: number },
): Promise<HitScores> {
  // Row by row from the file: a page or a download reads a few thousand rows, and a catalogue too large
  // for memory keeps its fingerprints there.
  const morganScores = Float64Array.from(rows, (row) => tanimoto(query.morgan.fingerprint, catalogue.fingerprint(row)));
  throwIfAborted(options.signal, 'Scoring the hits');
  const columns = catalogue.shape;
  if (!query.shape || !columns) return { morgan: morganScores, shape: null, electrostatic: null };
  const threeD = await rescoreComponents(query.shape.model, rowModels(columns, rows), {
    electrostaticForm: catalogueElectrostaticForm(catalogue),
    pool: options.threads > 1 ? rescorePool(options.threads) : undefined,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  return { morgan: morganScores, shape: threeD.shape, electrostatic: threeD.electrostatic };
}

/** The 3D form of a prepared query that fits `catalogue`'s charge model; undefined without 3D columns or that form. */
export function shapeQueryFor(catalogue: Catalogue, shapes: ReadonlyMap<string, ShapeQuery>): ShapeQuery | undefined {
  return catalogue.manifest.shape && shapes.get(chargeModelKey(catalogueChargeModel(catalogue.manifest.shape)));
}
