import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalogue } from '@molsearch/engine';
import { SHAPE_INDEX_FILES, STAGE1_INDEX_PROBE, viewShapeIndex, writeIndexGraph } from '@molsearch/engine/bench';

/**
 * `catalogue` with a graph in its stage-1 index, for benchmarks that walk the graph of a catalogue small enough
 * to have none (format/shape-index-layout.ts): the graph is built once from the catalogue's vectors, as an import
 * builds it, into `<work>/graph-<id>`, and viewed beside the catalogue's own files. A catalogue with a graph is
 * returned as it is.
 */
export async function withIndexGraph(catalogue: Catalogue, work: string): Promise<Catalogue> {
  const shape = catalogue.shape;
  if (!shape || catalogue.manifest.files.some((file) => file.name === SHAPE_INDEX_FILES.graph)) return catalogue;
  const dir = join(work, `graph-${catalogue.id}`);
  const path = join(dir, SHAPE_INDEX_FILES.graph);
  if (!existsSync(path)) {
    const building = `${dir}.building`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    copyFileSync((await shape.index(STAGE1_INDEX_PROBE.fast.expansion)).vectors, join(building, SHAPE_INDEX_FILES.vectors));
    const started = performance.now();
    await writeIndexGraph(building, catalogue.count, 2);
    console.log(`built the stage-1 graph of ${catalogue.id} for walking it: ${catalogue.count.toLocaleString()} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    rmSync(join(building, SHAPE_INDEX_FILES.vectors));
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
  }
  const views = new Map<number, ReturnType<typeof viewShapeIndex>>();
  const view = (expansion: number) => views.get(expansion) ?? views.set(expansion, viewShapeIndex(path, expansion)).get(expansion)!;
  return { ...catalogue, shape: { ...shape, index: async (expansion) => ({ ...(await shape.index(expansion)), graph: view(expansion) }) } };
}
