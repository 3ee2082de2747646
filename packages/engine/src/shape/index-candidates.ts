import type { Model3D } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { queryIndexVectors } from '../features/index-vector.ts';
import { EngineError } from '../format/engine-error.ts';
import type { SearchQuality } from '../format/search-types.ts';
import { INDEX_BITS } from '../format/shape-index-layout.ts';
import { packIndexVectors } from '../format/shape-index-vectors.ts';
import { scanIndexNeighbours } from './index-scan.ts';

/** How much of the stage-1 index a search explores: the query conformers it probes with (each under four axis flips) and the rows each probe keeps. */
export interface IndexProbe {
  conformers: number;
  /** usearch's search expansion: rows a probe keeps while walking the graph, and returns; a scan keeps as many a probe. */
  expansion: number;
}

/**
 * Catalogues of at most `exhaustiveRows` rows are searched by scanning every index vector (shape/index-scan.ts)
 * instead of walking the graph: exact by the index metric, and at these sizes about as fast. (An object so a
 * benchmark can compare the two ways on one catalogue.)
 */
export const INDEX_WALK = { exhaustiveRows: 2_000_000 };

/** How stage 1 reads the index: by catalogue size (INDEX_WALK), or one way for tests and benchmarks. */
export type IndexWalk = 'auto' | 'graph' | 'scan';

/**
 * The index probes by quality (format/shape-index-layout.ts): a search walks the graph once per query
 * conformer and axis flip and keeps `expansion` rows each, so it reads at most conformers x 4 x expansion
 * rows of the index whatever the catalogue's size; the union of what the probes found is then ranked by
 * stage 1 (grid-candidates.ts).
 */
export const STAGE1_INDEX_PROBE: Record<SearchQuality, IndexProbe> = {
  fast: { conformers: 4, expansion: 1024 },
  accurate: { conformers: 8, expansion: 2048 },
  very_accurate: { conformers: 15, expansion: 4096 },
};

/** The catalogue rows the index finds for `query` at `quality`, ascending, each once; `threads` walk the graph. */
export async function indexCandidates(catalogue: Catalogue, query: Model3D, quality: SearchQuality, threads = 2, probe = STAGE1_INDEX_PROBE[quality], walk: IndexWalk = 'auto'): Promise<Uint32Array> {
  if (!catalogue.shape) throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index: re-import it with 3D columns (molsearch import --3d).`);
  const { graph, keyRows, path, vectors: layout } = await catalogue.shape.index(probe.expansion);
  const vectors = queryIndexVectors(query, probe.conformers);
  if (walk === 'scan' || (walk === 'auto' && catalogue.count <= INDEX_WALK.exhaustiveRows)) {
    const byKey = scanIndexNeighbours(path, layout(), packIndexVectors(vectors), probe.expansion, keyRows.length);
    const rows = new Uint8Array(catalogue.count);
    byKey.forEach((hit, key) => (rows[keyRows[key]!] = hit));
    return Uint32Array.from(rows.keys()).filter((row) => rows[row] === 1);
  }
  const probes = Array.from({ length: vectors.length / INDEX_BITS }, (_, j) => vectors.subarray(j * INDEX_BITS, (j + 1) * INDEX_BITS));
  const found = new Uint8Array(keyRows.length);
  if (graph.size() > 0) {
    // Four flips a conformer: always a batch of probes, so usearch answers with counts per probe.
    const matches = graph.search(probes, probe.expansion, Math.max(1, threads));
    matches.counts.forEach((count, j) => {
      for (let k = 0; k < Number(count); k++) found[keyRows[Number(matches.keys[j * probe.expansion + k]!)]!] = 1;
    });
  }
  const rows: number[] = [];
  found.forEach((hit, row) => {
    if (hit) rows.push(row);
  });
  return Uint32Array.from(rows);
}
