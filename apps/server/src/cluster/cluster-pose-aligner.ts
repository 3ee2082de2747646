import type { NatsConnection, PosedMethod, RegisteredCatalogue } from '@molsearch/cluster';
import { EngineError, chargeModelKey, queryConformerMolblock, queryInOneFrame } from '@molsearch/engine';
import type { ShapeQuery } from '@molsearch/engine';
import type { PoseAligner } from '../search/search-engine.ts';
import { ClusterQueryForms } from './cluster-queries.ts';
import { askParts } from './part-hits.ts';
import type { PartRequestOptions } from './part-request.ts';

/**
 * 3D downloads of a search through search nodes: the query's conformers are superposed on its first here,
 * once per charge model, and each part poses its hits on that query, so every pose in a file shares the
 * frame of the query record it starts with, as in the single process.
 */
export function clusterPoseAligner(
  querySmiles: string, method: PosedMethod, options: Omit<PartRequestOptions, 'signal'> & { nc: NatsConnection; registry: () => Promise<Map<string, RegisteredCatalogue>>; threads: number },
): PoseAligner {
  const forms = new ClusterQueryForms(querySmiles, options.threads);
  const framed = new Map<string, Promise<ShapeQuery | undefined>>();
  const queryFor = async (database: string): Promise<{ catalogue: RegisteredCatalogue; query: ShapeQuery } | undefined> => {
    const catalogue = (await options.registry()).get(database);
    if (!catalogue) throw new EngineError('CATALOGUE_NOT_FOUND', `Catalogue ${database} is not served by any search node.`);
    if (!framed.has(database)) framed.set(database, forms.shape(catalogue).then((shape) => shape && queryInOneFrame(shape)));
    const query = await framed.get(database)!;
    return query && { catalogue, query };
  };
  return {
    async molblocks(database, rows, titles, onProgress) {
      const found = await queryFor(database);
      const molblocks: (string | undefined)[] = rows.map(() => undefined);
      if (!found) return molblocks;
      const prepared = { smiles: found.query.smiles, shape: new Map([[chargeModelKey(found.query.chargeModel), found.query]]) };
      let done = 0;
      await askParts(options.nc, found.catalogue, rows, 'molblocks', (local, positions) => ({ kind: 'molblocks', rows: local, titles: positions.map((position) => titles[position] ?? ''), method, query: prepared }), (answer, positions) => {
        positions.forEach((position, i) => (molblocks[position] = answer?.molblocks[i] ?? undefined));
        done += positions.length;
        onProgress?.(done / rows.length);
      }, { attemptMs: options.attemptMs, deadlineMs: options.deadlineMs });
      return molblocks;
    },
    async queryMolblock(database, title) {
      const found = await queryFor(database);
      return found && queryConformerMolblock(found.query, title);
    },
  };
}
