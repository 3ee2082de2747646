import type { Catalogue, ShapeColumns } from '../catalogue/catalogue-reader.ts';
import { EngineError } from '../format/engine-error.ts';
import { GRID_SLOTS } from '../format/grid-layout.ts';
import { packBytes } from '../format/packed-bytes.ts';
import { buildGridPart } from './grid-part.ts';
import type { GridPart, PartModels, PartSites } from './grid-part.ts';
import { PoseGridColumn, RUN_HERE } from './pose-grid-scan.ts';
import type { GridKernelRunner } from './pose-grid-scan.ts';

/** Builds the parts of a candidate column: on a pool's threads, as they free up, or here. */
export interface GridPartRunner {
  /** Threads building parts at once. */
  threads: number;
  run(part: GridPart): Promise<PartSites | null>;
}

/** Builds every part here, one after another. */
export const BUILD_HERE: GridPartRunner = {
  threads: 1,
  run: async (part) => buildGridPart(part),
};

/**
 * Rows a part: at least four parts a thread, so a thread slowed by other work on the machine leaves the
 * rest to the others, and parts of at most about this many rows, whose models a thread reads at once.
 */
const PART_ROWS = 2048;

/**
 * The stage-1 grids of `rows` (catalogue rows, the index's candidates), built from their models as
 * import used to store them (features/pose-grid.ts), in the grid kernel's memory: row i of the column is
 * catalogue row rows[i]. With `charges` the charge sites of the electrostatic stage 1 are placed too.
 * The rows are built in parts on `builder` (each thread reading its rows' models from the catalogue's file
 * where the catalogue says where they lie), straight into the column's shared memory; the column is the
 * same, bit for bit, whichever threads built it.
 */
export async function candidateColumn(catalogue: Catalogue, rows: Uint32Array, charges: boolean, builder: GridPartRunner = BUILD_HERE, runner: GridKernelRunner = RUN_HERE): Promise<PoseGridColumn> {
  const columns = shapeColumns(catalogue);
  const count = Math.max(1, Math.min(rows.length, Math.max(4 * builder.threads, Math.ceil(rows.length / PART_ROWS))));
  const bounds = Array.from({ length: count + 1 }, (_, part) => Math.floor((part * rows.length) / count));
  let sites: (PartSites | null)[] = [];
  const column = await PoseGridColumn.filled(rows.length, async (target) => {
    sites = await Promise.all(
      bounds.slice(0, -1).map((first, part) => builder.run({ target, firstRow: first, models: partModels(columns, rows.subarray(first, bounds[part + 1]!)), charges })),
    );
  }, runner);
  if (charges) column.placeSites(joinSites(sites, rows.length), true);
  return column;
}

function partModels(columns: ShapeColumns, rows: Uint32Array): PartModels {
  if (columns.modelSpans) return { kind: 'file', ...columns.modelSpans(rows) };
  return { kind: 'packed', ...packBytes(Array.from(rows, (row) => columns.model(row))) };
}

/** The parts' charge sites as one column's: offsets over all rows, the records left in their pieces. */
function joinSites(parts: readonly (PartSites | null)[], rows: number): { offsets: Uint32Array; records: Float32Array[]; selfOverlaps: Float64Array } {
  const offsets = new Uint32Array(rows * GRID_SLOTS + 1);
  const selfOverlaps = new Float64Array(rows * GRID_SLOTS);
  const records: Float32Array[] = [];
  let slot = 0;
  for (const part of parts) {
    if (!part) throw new EngineError('WORKER_FAILED', 'A part of the candidate grids came back without its charge sites.');
    selfOverlaps.set(part.selfOverlaps, slot);
    for (const sites of part.counts) {
      offsets[slot + 1] = offsets[slot]! + sites;
      slot++;
    }
    records.push(part.records);
  }
  return { offsets, records, selfOverlaps };
}

function shapeColumns(catalogue: Catalogue): ShapeColumns {
  if (!catalogue.shape) throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index: re-import it with 3D columns (molsearch import --3d).`);
  return catalogue.shape;
}
