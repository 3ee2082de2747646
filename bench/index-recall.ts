// `npm run bench -- index-recall [--work DIR] [--catalogue CHEMSPACE-100K] [--qualities fast,accurate,very_accurate]
//                                 [--exhaustive-grid] [--per-query]`
//
// Where the 3D stage 1 loses the exact top 30, on a catalogue and the exact rankings that `npm run bench --
// scale` built and cached (run it first). For each query of the two drug sets and each quality, the walk:
//   walk    the share of the rows an exact search by the index metric would return (per probe, its best
//           `expansion` rows by Tanimoto over every row's index vector, the union over probes) that the
//           graph walk returned: the graph's own loss; with the rows each found and the time each took;
// and for each method, where the catalogue has exact rankings (those of 10^6 rows and more have none):
//   graph   the share of the exact top 30 among the rows the graph walk returned (what stage 1 can rank);
//   exact   the same share among the rows of the exact search by the index metric: the metric's loss;
//   top-N   the share of the exact top 30 among the N best rows by the index metric alone (a row's best
//           Tanimoto over the probes), N = the quality's re-scored candidates: an exhaustive popcount scan
//           ranking without stage-1 grids; `conf` the same with a vector for every catalogue conformer;
//   kept    the share of the exact top 30 among the candidates stage 1 keeps from the graph's rows (what
//           the search re-scores; recall@30 is at most this); scanKept the same from as many rows taken by
//           the index metric over every row; with --exhaustive-grid also among the candidates an
//           exhaustive grid stage 1 over every row keeps.
// With --per-query, every query's figures and its size, conformers, and heavy atoms outside the lattice box;
// --set A or B for one query set; --skip-conformers leaves out the vectors of every catalogue conformer (conf = topN).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeModel } from '@molsearch/chem';
import type { Model3D, ScoreMethod } from '@molsearch/chem';
import { CURRENT_CHARGE_MODEL, closeSearchPool, openCatalogue } from '@molsearch/engine';
import {
  BUILD_HERE, INDEX_BITS, STAGE2_CANDIDATES, STAGE1_INDEX_PROBE, bestOfSources, bestRows, candidateColumn, candidateSources, catalogueElectrostaticForm, createGridPool,
  indexCandidates, poolRunner, principalCoordinates, queryIndexVectors,
} from '@molsearch/engine/bench';
import { withIndexGraph } from './lib/index-graph.ts';
import { modelFolder } from './scale.ts';

const METHODS: ScoreMethod[] = ['espsim_shape', 'espsim_electrostatic'];
const TOP = 30;
const HALF_BOX = [11, 7, 5];
const WORDS = Math.ceil(INDEX_BITS / 32);

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      work: { type: 'string', default: join(process.env.MOLSEARCH_DATA_DIR ?? 'data', 'bench', 'scale', modelFolder(CURRENT_CHARGE_MODEL)) },
      catalogue: { type: 'string', default: 'CHEMSPACE-100K' },
      qualities: { type: 'string', default: 'fast,accurate,very_accurate' },
      'exhaustive-grid': { type: 'boolean', default: false },
      'per-query': { type: 'boolean', default: false },
      set: { type: 'string' },
      'skip-conformers': { type: 'boolean', default: false },
    },
  });
  const work = resolve(values.work);
  // With a graph to walk, which catalogues of this size do not have (bench/lib/index-graph.ts).
  const catalogue = await withIndexGraph(await openCatalogue(join(work, 'data'), values.catalogue), work);
  const qualities = values.qualities.split(',') as ('fast' | 'accurate' | 'very_accurate')[];
  const stored = JSON.parse(readFileSync(join(work, 'queries.json'), 'utf8')) as Record<string, { smiles: string; model: string }>;
  // Read again for every query: the scale benchmark may still be adding to them.
  const truthOf = (method: ScoreMethod, input: string): number[] | undefined => {
    const path = join(work, `truth-${catalogue.id}-${method}.json`);
    if (!existsSync(path)) return undefined;
    return (JSON.parse(readFileSync(path, 'utf8')) as { queries: Record<string, { rows: number[] }> }).queries[input]?.rows.slice(0, TOP);
  };
  const inputs = Object.keys(stored);
  const sets = new Map(inputs.map((input, i) => [input, i < inputs.length / 2 ? 'A' : 'B']));
  console.log(`index recall on ${catalogue.id} (${catalogue.count.toLocaleString()} rows), ${inputs.length} queries (first half set A, second set B)`);

  let started = performance.now();
  const rows = rowVectors(catalogue, !values['skip-conformers']);
  console.log(`index vectors of every row (first conformer) and of every conformer in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const gridPool = createGridPool(2);
  const runner = poolRunner(gridPool);
  const exhaustive = values['exhaustive-grid'] ? await candidateColumn(catalogue, Uint32Array.from({ length: catalogue.count }, (_, i) => i), true) : undefined;
  type Cell = Record<string, number>;
  const cells = new Map<string, Cell[]>();
  const add = (key: string, cell: Cell) => cells.set(key, [...(cells.get(key) ?? []), cell]);
  try {
    for (const input of inputs.filter((input) => !values.set || sets.get(input) === values.set)) {
      const model = decodeModel(Buffer.from(stored[input]!.model, 'base64'));
      started = performance.now();
      const info = queryInfo(model);
      for (const quality of qualities) {
        const probe = STAGE1_INDEX_PROBE[quality];
        const probes = packed(queryIndexVectors(model, probe.conformers));
        const first = scanBest(rows.first, probes, rows.count);
        const perConformer = values['skip-conformers'] ? first : scanBest(rows.conformers, probes, rows.conformerCount, rows.conformerRow, rows.count);
        const exactSet = new Set<number>();
        for (const top of first.perProbe(probe.expansion)) for (const row of top) exactSet.add(row);
        let clock = performance.now();
        const graph = await indexCandidates(catalogue, model, quality, probe, 'graph');
        const graphMs = performance.now() - clock;
        clock = performance.now();
        await indexCandidates(catalogue, model, quality, probe, 'scan');
        const scanMs = performance.now() - clock;
        const graphSet = new Set(graph);
        const walk = [...exactSet].filter((row) => graphSet.has(row)).length / exactSet.size;
        const walkCell: Cell = { walk, found: graph.length, exactFound: exactSet.size, graphMs, scanMs };
        add(`walk ${quality} ${sets.get(input)}`, walkCell);
        if (values['per-query']) console.log(`  ${sets.get(input)} walk ${quality.padEnd(13)} ${input.slice(0, 40).padEnd(40)} | ${describe(walkCell)}`);
        for (const method of METHODS) {
          let truth = truthOf(method, input);
          // The scale benchmark computes the shape rankings first: wait a while for one that is on its way. A
          // catalogue too large for exact rankings has no file of them, and only the walk's figures.
          const coming = existsSync(join(work, `truth-${catalogue.id}-${method}.json`));
          for (let waited = 0; !truth && coming && method === 'espsim_shape' && waited < 600; waited += 10) {
            await new Promise((resolve) => setTimeout(resolve, 10_000));
            truth = truthOf(method, input);
          }
          if (!truth) continue;
          const share = (set: Set<number> | Uint32Array) => {
            const s = set instanceof Set ? set : new Set(set);
            return truth.filter((row) => s.has(row)).length / truth.length;
          };
          const wanted = STAGE2_CANDIDATES[method][quality];
          const sources = candidateSources(method, catalogueElectrostaticForm(catalogue), wanted);
          // The rows stage 1 keeps of `rows`, ranked by the grids as the search ranks them.
          const keptOf = async (rows: Uint32Array) => {
            const column = await candidateColumn(catalogue, rows, method !== 'espsim_shape', BUILD_HERE, runner);
            return new Set((await bestOfSources(column, model, sources, quality, runner)).map((i) => rows[i]!));
          };
          const kept = await keptOf(graph);
          // The same number of rows as the graph found, taken by an exhaustive scan of the index metric instead, then ranked by the grids.
          const scanKept = await keptOf(bestRows(first.best, graph.length));
          const cell: Cell = {
            graph: share(graphSet), exact: share(exactSet),
            topN: share(bestRows(first.best, wanted)), conf: share(bestRows(perConformer.best, wanted)),
            top2N: share(bestRows(first.best, 2 * wanted)), conf2N: share(bestRows(perConformer.best, 2 * wanted)),
            kept: share(kept), scanKept: share(scanKept),
          };
          if (exhaustive) {
            cell.exhaustive = share(new Set(await bestOfSources(exhaustive, model, sources, quality, runner)));
          }
          add(`${method} ${quality} ${sets.get(input)}`, cell);
          if (values['per-query']) {
            console.log(
              `  ${sets.get(input)} ${method.slice(7, 11)} ${quality.padEnd(13)} ${input.slice(0, 40).padEnd(40)} atoms ${info.atoms} conf ${info.conformers} outside ${info.outside.toFixed(2)} ` +
                `extent ${info.extent.map((e) => e.toFixed(1)).join('/')} | ${describe(cell)}`,
            );
          }
        }
      }
      if (values['per-query']) console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await gridPool.close();
    await closeSearchPool();
  }
  console.log('\nmeans over the queries of each set (the shares are of the exact top 30):');
  for (const [key, list] of cells) {
    const keys = Object.keys(list[0]!);
    console.log(`${key.padEnd(36)} ${keys.map((k) => `${k} ${mean(list.map((c) => c[k]!)).toFixed(/found|ms/i.test(k) ? 0 : 3)}`).join('  ')}`);
  }
}

function describe(cell: Record<string, number>): string {
  return Object.entries(cell).map(([k, v]) => `${k} ${Number.isInteger(v) ? v : v.toFixed(2)}`).join(' ');
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

/** Heavy atoms, conformers, the share of heavy-atom positions (all conformers) outside the lattice box, the largest extent per principal axis. */
function queryInfo(model: Model3D): { atoms: number; conformers: number; outside: number; extent: number[] } {
  let outside = 0;
  let total = 0;
  const extent = [0, 0, 0];
  for (let c = 0; c < model.conformers.length; c++) {
    const coords = principalCoordinates(model, c);
    for (let i = 0; i < coords.length / 3; i++) {
      let out = false;
      for (let a = 0; a < 3; a++) {
        const v = Math.abs(coords[3 * i + a]!);
        extent[a] = Math.max(extent[a]!, v);
        if (v > HALF_BOX[a]!) out = true;
      }
      total++;
      if (out) outside++;
    }
  }
  return { atoms: model.atomicNumbers.length, conformers: model.conformers.length, outside: outside / total, extent };
}

/** Vectors of one byte a bit packed 32 bits a word. */
function packed(bytes: Int8Array): Uint32Array {
  const count = bytes.length / INDEX_BITS;
  const out = new Uint32Array(count * WORDS);
  for (let v = 0; v < count; v++) {
    for (let b = 0; b < INDEX_BITS; b++) if (bytes[v * INDEX_BITS + b]) out[v * WORDS + (b >>> 5)]! |= 1 << (b & 31);
  }
  return out;
}

function bits(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Every row's index vector (its first conformer) and one for each of its conformers, packed. */
function rowVectors(catalogue: Awaited<ReturnType<typeof openCatalogue>>, everyConformer: boolean) {
  const count = catalogue.count;
  const first = new Uint32Array(count * WORDS);
  const conformerVectors: Uint32Array[] = [];
  const conformerRow: number[] = [];
  for (let row = 0; row < count; row++) {
    const encoded = catalogue.shape!.model(row);
    if (encoded.length === 0) continue;
    const model = decodeModel(encoded);
    if (model.conformers.length === 0) continue;
    // queryIndexVectors lays out each conformer under the four flips, the identity first.
    const all = packed(queryIndexVectors(model, model.conformers.length));
    for (let c = 0; c < (everyConformer ? model.conformers.length : 1); c++) {
      const vector = all.subarray(c * 4 * WORDS, c * 4 * WORDS + WORDS);
      if (c === 0) first.set(vector, row * WORDS);
      conformerVectors.push(vector.slice());
      conformerRow.push(row);
    }
  }
  const conformers = new Uint32Array(conformerVectors.length * WORDS);
  conformerVectors.forEach((vector, i) => conformers.set(vector, i * WORDS));
  return { count, first, conformers, conformerCount: conformerVectors.length, conformerRow: Uint32Array.from(conformerRow) };
}

/**
 * Tanimoto of every probe against every vector; `best` is a row's best over probes (and its vectors when
 * `rowOf` maps vectors to rows), `perProbe(k)` each probe's k best rows.
 */
function scanBest(vectors: Uint32Array, probes: Uint32Array, count: number, rowOf?: Uint32Array, rows = count) {
  const probeCount = probes.length / WORDS;
  const best = new Float32Array(rows);
  const scores = new Float32Array(probeCount * count);
  const probeBits = Array.from({ length: probeCount }, (_, p) => {
    let sum = 0;
    for (let w = 0; w < WORDS; w++) sum += bits(probes[p * WORDS + w]!);
    return sum;
  });
  for (let v = 0; v < count; v++) {
    let own = 0;
    for (let w = 0; w < WORDS; w++) own += bits(vectors[v * WORDS + w]!);
    if (own === 0) continue;
    const row = rowOf ? rowOf[v]! : v;
    for (let p = 0; p < probeCount; p++) {
      let common = 0;
      for (let w = 0; w < WORDS; w++) common += bits(vectors[v * WORDS + w]! & probes[p * WORDS + w]!);
      const t = common / (own + probeBits[p]! - common);
      scores[p * count + v] = t;
      if (t > best[row]!) best[row] = t;
    }
  }
  return {
    best,
    perProbe: (k: number) => Array.from({ length: probeCount }, (_, p) => bestRows(scores.subarray(p * count, (p + 1) * count), k)),
  };
}
