import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalogue } from '@molsearch/engine';
import { CHARGE_GRAPH, SHAPE_INDEX_FILES, STAGE1_INDEX_PROBE, VOLUME_GRAPH, viewShapeIndex, writeIndexGraph } from '@molsearch/engine/bench';

/**
 * `catalogue` with graphs in its stage-1 index, for benchmarks that walk the graph of a catalogue small enough
 * to have none (format/shape-index-layout.ts): the volume graph, and the charge graph where the catalogue has
 * charge vectors, are built once from the catalogue's vectors, as an import builds them, into
 * `<work>/graph-<id>`, and viewed beside the catalogue's own files. A catalogue with a graph is returned as it is.
 */
export async function withIndexGraph(catalogue: Catalogue, work: string): Promise<Catalogue> {
  const shape = catalogue.shape;
  if (!shape || catalogue.manifest.files.some((file) => file.name === SHAPE_INDEX_FILES.graph)) return catalogue;
  const dir = join(work, `graph-${catalogue.id}`);
  const index = await shape.index(STAGE1_INDEX_PROBE.fast.expansion);
  // A catalogue without a graph is scanned, and scanned catalogues keep their volume vectors' file.
  if (!index.vectors) throw new Error(`${catalogue.id} has neither a graph nor a volume vectors' file`);
  const sources = [{ path: index.vectors, layout: VOLUME_GRAPH }, ...(index.charges ? [{ path: index.charges, layout: CHARGE_GRAPH }] : [])];
  const graphs = sources.map(({ layout }) => join(dir, layout.graph));
  if (!graphs.every((path) => existsSync(path))) {
    const building = `${dir}.building`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    const started = performance.now();
    for (const { path, layout } of sources) {
      copyFileSync(path, join(building, layout.vectors));
      await writeIndexGraph(building, catalogue.count, 2, undefined, layout);
      rmSync(join(building, layout.vectors));
    }
    console.log(`built the stage-1 graphs of ${catalogue.id} for walking them: ${catalogue.count.toLocaleString()} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
  }
  const views = new Map<string, ReturnType<typeof viewShapeIndex>>();
  const view = (path: string, expansion: number) => views.get(`${path} ${expansion}`) ?? views.set(`${path} ${expansion}`, viewShapeIndex(path, expansion)).get(`${path} ${expansion}`)!;
  return {
    ...catalogue,
    shape: {
      ...shape,
      index: async (expansion) => ({ ...(await shape.index(expansion)), graph: view(graphs[0]!, expansion), ...(graphs[1] ? { chargeGraph: view(graphs[1], expansion) } : {}) }),
    },
  };
}
