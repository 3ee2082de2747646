// `npm run bench -- stage1-grids [--data-dir DIR] [--catalogue ID] [--rows N] [--passes N]`
//
// What the 3D stage 1 spends on each row it ranks: the row's model decoded and its fine and coarse grids built
// (GRID_SLOTS conformers in their principal frames). The shape stage 1 decodes only the heavy atoms of those
// conformers (decodeHeavyConformers); the reference in the same run decodes the whole model (elements, charges,
// hydrogens), as the electrostatic stage 1 still must. Passes alternate between the two on one thread, over
// rows spread evenly through the catalogue; the grids of both are compared byte for byte first. Then the whole
// candidate column of those rows on the grid pool's 2 threads, without charge sites as the shape stage 1 builds
// it and with them as the electrostatic one does, each in a fresh memory and in the memory the last column gave
// back (shape/column-memory.ts), passes alternating.
// Default catalogue: CHEMSPACE-100K as `npm run bench -- scale` builds it (run that first), or any 3D catalogue.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeHeavyConformers, decodeModel } from '@molsearch/chem';
import { CURRENT_CHARGE_MODEL, closeSearchPool, openCatalogue } from '@molsearch/engine';
import { COARSE_GRID_BYTES, GRID_BYTES, GRID_SLOTS, candidateColumn, columnMemory, createGridPool, heavyAtomGrids, modelGrids, poolBuilder, poolRunner } from '@molsearch/engine/bench';
import { modelFolder } from './scale.ts';

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string', default: join(process.env.MOLSEARCH_DATA_DIR ?? 'data', 'bench', 'scale', modelFolder(CURRENT_CHARGE_MODEL), 'data') },
      catalogue: { type: 'string', default: 'CHEMSPACE-100K' },
      rows: { type: 'string', default: '20000' },
      passes: { type: 'string', default: '9' },
    },
  });
  const catalogue = await openCatalogue(values['data-dir'], values.catalogue);
  if (!catalogue.shape) throw new Error(`${values.catalogue} has no 3D columns: import it with --3d.`);
  const count = Math.min(Number(values.rows), catalogue.count);
  const rows = Uint32Array.from({ length: count }, (_, i) => Math.floor((i * catalogue.count) / count));
  const encoded = Array.from(rows, (row) => catalogue.shape!.model(row));
  const passes = Number(values.passes);
  console.log(`stage-1 grids of ${count.toLocaleString()} rows of ${catalogue.id} (${catalogue.count.toLocaleString()} rows), medians of ${passes} passes with their range`);

  const rowBytes = GRID_SLOTS * (GRID_BYTES + COARSE_GRID_BYTES);
  const build = (heavyOnly: boolean): Uint8Array => {
    const out = new Uint8Array(count * rowBytes);
    encoded.forEach((bytes, i) => {
      if (bytes.length === 0) return;
      const fineAt = i * rowBytes, coarseAt = fineAt + GRID_SLOTS * GRID_BYTES;
      if (heavyOnly) heavyAtomGrids(decodeHeavyConformers(bytes, GRID_SLOTS), out, fineAt, out, coarseAt);
      else modelGrids(decodeModel(bytes), out, fineAt, out, coarseAt);
    });
    return out;
  };
  if (!Buffer.from(build(true)).equals(Buffer.from(build(false)))) throw new Error('The grids built from the heavy atoms alone differ from those of whole models.');
  console.log('the grids from the heavy atoms alone equal those from whole models, byte for byte');

  const heavy: number[] = [], whole: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    for (const [heavyOnly, times] of [[true, heavy], [false, whole]] as const) {
      const started = performance.now();
      build(heavyOnly);
      times.push(((performance.now() - started) / count) * 1000);
    }
  }
  console.log(`one thread, decode and grids: heavy atoms only ${spread(heavy)} µs a row, whole models ${spread(whole)} µs a row (ratio ${(median(whole) / median(heavy)).toFixed(2)})`);

  const pool = createGridPool(2);
  try {
    for (const charges of [false, true]) {
      const fresh: number[] = [], reused: number[] = [];
      for (let pass = 0; pass < passes; pass++) {
        for (const [times, keep] of [[fresh, false], [reused, true]] as const) {
          // Taking the memory given back leaves none for the next column, which then writes fresh pages.
          if (!keep) columnMemory(1);
          const started = performance.now();
          const column = await candidateColumn(catalogue, rows, charges, poolBuilder(pool), poolRunner(pool));
          times.push(((performance.now() - started) / count) * 1000);
          column.release();
        }
      }
      console.log(
        `candidate column ${charges ? 'with charge sites' : 'of grids alone'} on the grid pool (2 threads, models read from the catalogue file): ` +
          `${spread(reused)} µs a row in the memory the last column gave back, ${spread(fresh)} in a fresh one (ratio ${(median(reused) / median(fresh)).toFixed(2)})`,
      );
    }
  } finally {
    await pool.close();
    await closeSearchPool();
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1]!;
}

function spread(values: number[]): string {
  return `${median(values).toFixed(1)} [${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}]`;
}
