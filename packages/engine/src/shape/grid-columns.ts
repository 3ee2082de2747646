import { decodeModel } from '@molsearch/chem';
import type { Catalogue, ShapeColumns } from '../catalogue/catalogue-reader.ts';
import { modelSites } from '../features/charge-sites.ts';
import { modelGridRow } from '../features/pose-grid.ts';
import { EngineError } from '../format/engine-error.ts';
import { GRID_ROW_BYTES, GRID_SLOTS } from '../format/grid-layout.ts';
import { PoseGridColumn } from './pose-grid-scan.ts';

/**
 * The stage-1 grids of `rows` (catalogue rows, the index's candidates), built from their models as
 * import used to store them (features/pose-grid.ts), in the grid kernel's memory: row i of the column is
 * catalogue row rows[i]. With `charges` the charge sites of the electrostatic stage 1 are placed too.
 */
export function candidateColumn(catalogue: Catalogue, rows: Uint32Array, charges: boolean): PoseGridColumn {
  const columns = shapeColumns(catalogue);
  const grids = new Uint8Array(rows.length * GRID_ROW_BYTES);
  const offsets = new Uint32Array(rows.length * GRID_SLOTS + 1);
  const selfOverlaps = new Float64Array(rows.length * GRID_SLOTS);
  const records: Float32Array[] = [];
  let sites = 0;
  rows.forEach((row, i) => {
    const encoded = columns.model(row);
    const model = encoded.length === 0 ? undefined : decodeModel(encoded);
    if (model) modelGridRow(model, grids, i * GRID_ROW_BYTES);
    if (!charges) return;
    const found = modelSites(model);
    records.push(found.records);
    selfOverlaps.set(found.selfOverlaps, i * GRID_SLOTS);
    for (let s = 0; s < GRID_SLOTS; s++) {
      sites += found.counts[s]!;
      offsets[i * GRID_SLOTS + s + 1] = sites;
    }
  });
  const column = new PoseGridColumn(grids, rows.length);
  if (charges) {
    const all = new Float32Array(4 * sites);
    let at = 0;
    for (const part of records) {
      all.set(part, at);
      at += part.length;
    }
    column.placeSites({ offsets, records: all, selfOverlaps });
  }
  return column;
}

function shapeColumns(catalogue: Catalogue): ShapeColumns {
  if (!catalogue.shape) throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index: re-import it with 3D columns (molsearch import --3d).`);
  return catalogue.shape;
}
