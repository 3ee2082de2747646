// `npm run bench -- stage1-grids [--data-dir DIR] [--catalogue ID] [--rows N] [--passes N] [--against DIR]`
//
// What the 3D stage 1 spends on each row it ranks: the row's model decoded and its fine and coarse grids built
// (GRID_SLOTS conformers in their principal frames). The shape stage 1 decodes only the heavy atoms of those
// conformers (decodeHeavyConformers); the reference in the same run decodes the whole model (elements, charges,
// hydrogens), as the electrostatic stage 1 still must. Passes alternate between the two on one thread, over
// rows spread evenly through the catalogue; the grids of both are compared byte for byte first. Then the whole
// candidate column of those rows on the grid pool's 2 threads, without charge sites as the shape stage 1 builds
// it and with them as the electrostatic one does, each in a fresh memory and in the memory the last column gave
// back (shape/column-memory.ts), passes alternating. With --against DIR (another checkout of the repository with its
// dependencies installed), both kinds of column of this checkout against that one's, each on its own pool of 2
// threads, passes alternating which goes first.
// Default catalogue: CHEMSPACE-100K as `npm run bench -- scale` builds it (run that first), or any 3D catalogue.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeHeavyConformers, decodeModel } from '@molsearch/chem';
import { closeSearchPool, openCatalogue } from '@molsearch/engine';
import type { Catalogue } from '@molsearch/engine';
import { COARSE_GRID_BYTES, GRID_BYTES, GRID_SLOTS, candidateColumn, columnMemory, createGridPool, heavyAtomGrids, modelGrids, poolBuilder, poolRunner } from '@molsearch/engine/bench';
import { scaleCatalogues } from './scale.ts';
import { median, spread } from './lib/statistics.ts';

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string', default: scaleCatalogues() },
      catalogue: { type: 'string', default: 'CHEMSPACE-100K' },
      rows: { type: 'string', default: '20000' },
      passes: { type: 'string', default: '9' },
      against: { type: 'string' },
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
  if (values.against) await againstCheckout(values.against, catalogue, rows, passes);
}

interface Engine {
  candidateColumn: typeof candidateColumn;
  createGridPool: typeof createGridPool;
  poolBuilder: typeof poolBuilder;
  poolRunner: typeof poolRunner;
}

/** Each kind of candidate column of `rows`, built by this checkout and by the one in `dir`, passes alternating which goes first. */
async function againstCheckout(dir: string, catalogue: Catalogue, rows: Uint32Array, passes: number): Promise<void> {
  const other = (await import(pathToFileURL(join(resolve(dir), 'packages', 'engine', 'src', 'bench.ts')).href)) as Engine;
  const sides = [{ engine: { candidateColumn, createGridPool, poolBuilder, poolRunner } }, { engine: other }].map((side) => ({ ...side, pool: side.engine.createGridPool(2) }));
  try {
    for (const charges of [false, true]) {
      const times: number[][] = [[], []];
      // One untimed column each first: the other checkout's workers compile their code on it.
      for (let pass = -1; pass < passes; pass++) {
        for (const s of pass % 2 ? [0, 1] : [1, 0]) {
          const { engine, pool } = sides[s]!;
          const started = performance.now();
          const column = await engine.candidateColumn(catalogue, rows, charges, engine.poolBuilder(pool), engine.poolRunner(pool));
          if (pass >= 0) times[s]!.push(((performance.now() - started) / rows.length) * 1000);
          column.release();
        }
      }
      const ratios = times[0]!.map((time, i) => time / times[1]![i]!);
      console.log(
        `candidate column ${charges ? 'with charge sites' : 'of grids alone'}, this checkout ${spread(times[0]!)} µs a row against ${spread(times[1]!)} in ${dir}: ` +
          `ratio of each pass ${spread(ratios, 2)}`,
      );
    }
  } finally {
    await Promise.all(sides.map((side) => side.pool.close()));
  }
}
