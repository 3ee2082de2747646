import type { MoleculeProperties } from '@molsearch/chem';
import { alignedHitMolblocks, catalogueChargeModel, chargeModelKey, hitScorer, openCatalogue, queryInOneFrame, shapeQuery } from '@molsearch/engine';
import type { Catalogue, DatabaseHits, SearchMethod, ShapeQuery } from '@molsearch/engine';
import type { ClusterClient } from '@molsearch/server';

/** What a command writes of one catalogue's hits, in the hits' order. */
export interface HitRows {
  database: string;
  smiles: string[];
  ids: string[];
  properties: MoleculeProperties[];
  /** The three scores of every hit (NaN where a hit has none: a 3D score without a 3D model). */
  components: Record<'morgan' | 'shape' | 'electrostatic', ArrayLike<number>>;
  /** Each hit posed on the query (3D methods, SDF), undefined where it has no 3D model; absent when not asked for. */
  molblocks?: (string | undefined)[];
}

export interface HitRowOptions {
  /** The query as given (scores and poses are computed from it). */
  smiles: string;
  method: SearchMethod;
  /** Pose 3D hits on the query, titled by their ids. */
  posed: boolean;
  threads: number;
}

/** Reads the rows of one query's hits, database by database; one reader per query. */
export type HitRowReader = (hits: DatabaseHits) => Promise<HitRows>;

const NO_SCORES = (count: number): Float64Array => new Float64Array(count).fill(Number.NaN);

/** Hits of catalogues in the data directory: rows, scores and poses from their folders. */
export function localHitRows(dataDir: string, options: HitRowOptions): HitRowReader {
  const scorer = hitScorer(options.smiles, { dataDir, threads: options.threads });
  const queries = new Map<string, Promise<ShapeQuery>>();
  return async (hits) => {
    const catalogue = await openCatalogue(dataDir, hits.database);
    const rows = Array.from(hits.rows);
    const ids = rows.map((row) => catalogue.compoundId(row));
    // Consensus returns the three scores it fused; other methods' hits are scored by the other two here.
    const scores = hits.components ?? (await scorer.scores(hits.database, hits.rows));
    const posed = options.posed && options.method !== 'morgan' && catalogue.manifest.shape;
    return {
      database: hits.database,
      smiles: rows.map((row) => catalogue.smiles(row)),
      ids,
      properties: rows.map((row) => catalogue.properties(row) as unknown as MoleculeProperties),
      components: { morgan: scores.morgan, shape: scores.shape ?? NO_SCORES(rows.length), electrostatic: scores.electrostatic ?? NO_SCORES(rows.length) },
      ...(posed && options.method !== 'morgan'
        ? { molblocks: await alignedHitMolblocks(await queryFor(queries, options.smiles, catalogue), options.method, catalogue, rows, { titles: ids }) }
        : {}),
    };
  };
}

/** Hits found by the search nodes of a cluster: rows as the nodes read them, scores and poses computed by the parts holding them. */
export function clusterHitRows(client: ClusterClient, options: HitRowOptions): HitRowReader {
  const scorer = client.scoring.scorer(options.smiles);
  const aligner = options.posed ? client.engine.poseAligner(options.smiles, options.method) : Promise.resolve(undefined);
  return async (hits) => {
    const rows = Array.from(hits.rows);
    const read = await client.engine.readRows(hits.database, rows, true);
    const scores = hits.components ?? (await scorer.scores(hits.database, rows));
    const posing = await aligner;
    return {
      database: hits.database,
      smiles: read.smiles,
      ids: read.ids,
      properties: rows.map((_, i) => Object.fromEntries(Object.entries(read.properties).map(([key, values]) => [key, values[i]])) as unknown as MoleculeProperties),
      components: { morgan: scores.morgan, shape: scores.shape ?? NO_SCORES(rows.length), electrostatic: scores.electrostatic ?? NO_SCORES(rows.length) },
      ...(posing ? { molblocks: await posing.molblocks(hits.database, rows, read.ids) } : {}),
    };
  };
}

/**
 * The 3D query built with the catalogue's charge model, once per model, its conformers superposed on its
 * first: every hit of a file is posed in that one frame, as the API's downloads pose them.
 */
function queryFor(queries: Map<string, Promise<ShapeQuery>>, smiles: string, catalogue: Catalogue): Promise<ShapeQuery> {
  const model = catalogueChargeModel(catalogue.manifest.shape!);
  const key = chargeModelKey(model);
  if (!queries.has(key)) queries.set(key, shapeQuery(smiles, undefined, model).then(queryInOneFrame));
  return queries.get(key)!;
}
