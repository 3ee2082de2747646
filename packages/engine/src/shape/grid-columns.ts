import type { Catalogue, ShapeColumns } from '../catalogue/catalogue-reader.ts';
import { EngineError } from '../format/engine-error.ts';
import { PoseGridColumn } from './pose-grid-scan.ts';

const grids = new WeakMap<Catalogue, Promise<PoseGridColumn>>();
const chargeGrids = new WeakMap<Catalogue, Promise<PoseGridColumn>>();

/** The catalogue's stage-1 grids in the grid kernel's memory, read on the first 3D search of this build and kept with it. */
export function gridColumn(catalogue: Catalogue): Promise<PoseGridColumn> {
  return once(grids, catalogue, async () => new PoseGridColumn(await shapeColumns(catalogue).readGrids(), catalogue.count));
}

/** The grid column with the charge sites stage 1 of the electrostatic method reads, placed on its first use. */
export function chargeGridColumn(catalogue: Catalogue): Promise<PoseGridColumn> {
  return once(chargeGrids, catalogue, async () => {
    const column = await gridColumn(catalogue);
    column.placeSites(await shapeColumns(catalogue).readChargeSites());
    return column;
  });
}

function shapeColumns(catalogue: Catalogue): ShapeColumns {
  if (!catalogue.shape) throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index: re-import it with 3D columns (molsearch import --3d).`);
  return catalogue.shape;
}

/** The value `load` gives for `catalogue`, loaded once; a failed load is forgotten, so the next call tries again. */
function once<T>(cache: WeakMap<Catalogue, Promise<T>>, catalogue: Catalogue, load: () => Promise<T>): Promise<T> {
  let value = cache.get(catalogue);
  if (!value) {
    value = load();
    cache.set(catalogue, value);
    value.catch(() => {
      if (cache.get(catalogue) === value) cache.delete(catalogue);
    });
  }
  return value;
}
