// `npm run bench -- scale [--work DIR] [--rows 1000000,10000000] [--queries N] [--truth-queries N] [--agreement-queries N]
//                          [--qualities fast,very_accurate] [--union] [--skip-rss] [--morgan-rows 10000000]
//                          [--skip-index-rate] [--truth-queries-b N] [--truth-rows 500000] [--skip-real] [--latency-queries N]
//                          [--methods espsim_shape,espsim_electrostatic] [--sets A,B] [--probe fast:8:2048[:4:4096] ...] [--walk graph]
//                          [--first-conformer-only] [--shifts fast:0,0.5,-0.5 ...] [--candidates fast:5000 ...] [--charge-share 0]
//                          [--esp-shape fast:refined ...]
//                          [--morgan-only] [--morgan-copies identical,distinct] [--morgan-moves 3] [--morgan-rss]
//                          [--morgan-modes disk,disk-folds,memory,memory-full] [--charge-model current|legacy]`
//
// The 3D stage-1 index at scale, in one run: disk and memory per molecule, index build time, latency of shape
// and electrostatic search by quality, how much of an exhaustive stage 1's candidates the index finds (for a
// replicated catalogue also counted by real molecule: found when any copy of it is), and
// recall@30, the similarity shortfall against the exact ranking and where each missed row was lost (probe, stage-1
// ranking or stage 2), for real and replicated catalogues; and
// Morgan top-30 over --morgan-rows replicated fingerprints from disk (with --morgan-only, that alone: no 3D
// preparation).
//
// Real: CHEMSPACE-100K, the 100,000 molecules of chemspace_screening.smi.gz; UNION, every catalogue of
// ../shared/data/catalogs (458,811 rows, ids prefixed by the file name; with --union, once all are prepared).
// Replicated: REPLICATED-<n> for each --rows n, the 100k real rows copied n / 100k times, every copy but the
// first with each coordinate of its conformers moved by a normal draw of 0.15 Å (seeded by id and copy), so no
// two rows have identical grids; the chemistry (SMILES, fingerprint, properties) is the real row's.
//
// Preparing a real molecule (conformers, charges) costs 8-15 ms of CPU; the prepared batches are kept in
// <work>/<model>/prepared.bin (bench/lib/prepared-cache.ts) and catalogues are rebuilt from them in minutes.
// Models are built as imports build them (--charge-model current: MMFF94 charges of the form dominant at pH 7.4,
// electrostatic score the mean of shape and ESP Tanimoto) or as catalogues before issue 21 were (legacy:
// Gasteiger charges of the neutral form, Carbó score); the manifest says which, and queries are built alike.
// Each model has its own folder <work>/<charges>-<protonation>, catalogues, caches and rankings included.
// The exact ranking of each query (every molecule re-scored) is cached in <work>/truth-<catalogue>-<method>.json.
// Queries: 20 drugs of drugs.tsv picked as bench/engine-3d.ts picks them (set A) and the 20 drugs half a step
// further on (set B), reported apart; their 3D models are cached in <work>/queries.json so that the exact
// rankings stay valid when conformer generation changes.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { MORGAN_BYTES, decodeModel, encodeModel } from '@molsearch/chem';
import type { Model3D, ScoreMethod } from '@molsearch/chem';
import { CURRENT_CHARGE_MODEL, LEGACY_CHARGE_MODEL, closeSearchPool, createPreparer, importCatalogue, openCatalogue, readyForSearch, shapeQuery } from '@molsearch/engine';
import type { Catalogue, ChargeModel, ShapeQuery } from '@molsearch/engine';
import {
  CHARGE_GRAPH, CHARGE_INDEX_FILE, ESP_SHAPE_ESTIMATE, CHARGE_PROBE_SHARE, INDEX_VECTOR_BYTES, INDEX_WALK, MAX_FINGERPRINTS, STAGE2_CANDIDATES, SHAPE_INDEX_FILES, STAGE1_INDEX_PROBE, STAGE1_SHAPE_SHIFTS, bestRows, scansCatalogue, volumeScanProbe, candidateColumn, catalogueElectrostaticForm, columnScores, createGridPool,
  createRescorePool, candidateSources, indexCandidates, poolBuilder, probesCharges, poolRunner, rescoreModels, shapeSearch, stage1Union, writeFoldBitsOf, writeIndexGraph,
} from '@molsearch/engine/bench';
import type { RescorePool } from '@molsearch/engine/bench';
import { cachedBatches, cachedPreparer } from './lib/prepared-cache.ts';
import { morganReplicaCatalogue, morganSources, writeReplicatedFingerprints } from './lib/morgan-replicas.ts';
import type { CopyKind } from './lib/morgan-replicas.ts';
import { replicaPreparer, replicaSource, sourceRows, writeReplicaInput } from './lib/replicas.ts';
import { drugQueries } from './lib/drug-queries.ts';
import { wholeNumberList } from './lib/whole-number-option.ts';

const CATALOGS = new URL('../../shared/data/catalogs/', import.meta.url).pathname;
const METHODS: ScoreMethod[] = ['espsim_shape', 'espsim_electrostatic'];
const QUALITIES = ['fast', 'accurate', 'very_accurate'] as const;
type Quality = (typeof QUALITIES)[number];
const CHARGE_MODELS: Record<string, ChargeModel> = { current: CURRENT_CHARGE_MODEL, legacy: LEGACY_CHARGE_MODEL };
const shapeOptions = (model: ChargeModel) => ({ conformers: 3, seed: 42, timeBudgetMs: 2000, ...model });
/** The folder of --work that holds one charge model's catalogues, caches and rankings. */
export const modelFolder = (model: ChargeModel): string => `${model.charges}-${model.protonation}`;
/**
 * The data folder of a model's catalogues: those imported under --walk graph apart. An import then builds a
 * catalogue as it builds those past INDEX_WALK.exhaustiveRows (graphs in place of the vectors' files, no vectors
 * of other conformers), and one folder for both had a scanned run read such a catalogue of 100,000 rows as its
 * own: probed by first conformers and by volume alone.
 */
const catalogueFolder = (modelWork: string, walked: boolean): string => join(modelWork, walked ? 'data-walked' : 'data');
/** Where `scale` keeps the current charge model's scanned catalogues by default: the other benchmarks read CHEMSPACE-100K there. */
export const scaleCatalogues = (): string => catalogueFolder(join(process.env.MOLSEARCH_DATA_DIR ?? 'data', 'bench', 'scale', modelFolder(CURRENT_CHARGE_MODEL)), false);
const REAL_ROWS = 100_000;
/** How the Morgan figures scan a file: every byte from it, behind the fold bits of a fold bits file, in memory with and without folds. */
const MORGAN_MODES = ['disk', 'disk-folds', 'memory', 'memory-full'] as const;
type MorganMode = (typeof MORGAN_MODES)[number];
const TOP = 30;

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      work: { type: 'string', default: join(process.env.MOLSEARCH_DATA_DIR ?? 'data', 'bench', 'scale') },
      rows: { type: 'string', default: '1000000' },
      queries: { type: 'string', default: '20' },
      'truth-queries': { type: 'string', default: '20' },
      'agreement-queries': { type: 'string', default: '5' },
      qualities: { type: 'string', default: 'fast,very_accurate' },
      union: { type: 'boolean', default: false },
      'skip-rss': { type: 'boolean', default: false },
      'morgan-rows': { type: 'string', default: '10000000' },
      'morgan-only': { type: 'boolean', default: false },
      'morgan-copies': { type: 'string', default: 'identical,distinct' },
      'morgan-moves': { type: 'string', default: '3' },
      'morgan-rss': { type: 'boolean', default: false },
      'morgan-modes': { type: 'string', default: MORGAN_MODES.join(',') },
      'skip-index-rate': { type: 'boolean', default: false },
      'truth-queries-b': { type: 'string' },
      // Exact rankings (every row re-scored) only for catalogues of at most this many rows: about a minute a query at 10^6.
      'truth-rows': { type: 'string', default: '500000' },
      'skip-real': { type: 'boolean', default: false },
      'charge-model': { type: 'string', default: 'current' },
      'latency-queries': { type: 'string' },
      methods: { type: 'string', default: METHODS.join(',') },
      sets: { type: 'string', default: 'A,B' },
      probe: { type: 'string', multiple: true, default: [] },
      shifts: { type: 'string', multiple: true, default: [] },
      candidates: { type: 'string', multiple: true, default: [] },
      walk: { type: 'string', default: 'auto' },
      'charge-share': { type: 'string' },
      'esp-shape': { type: 'string', multiple: true, default: [] },
      'first-conformer-only': { type: 'boolean', default: false },
    },
  });
  // --walk graph: every catalogue imported and walked as those past INDEX_WALK.exhaustiveRows are, in a folder of its own (catalogueFolder).
  if (values.walk === 'graph') INDEX_WALK.exhaustiveRows = 0;
  // --probe quality:conformers:expansion[:conformers:expansion] tries another index probe for a quality (the engine's table,
  // changed in this process); the second pair is the probe of scanned catalogues with a vector for every conformer.
  for (const entry of values.probe) {
    const [quality, conformers, expansion, everyConformers, everyExpansion] = entry.split(':');
    if (!(QUALITIES as readonly string[]).includes(quality!)) throw new Error(`--probe ${entry}: expected quality:conformers:expansion[:conformers:expansion]`);
    const probe = { ...STAGE1_INDEX_PROBE[quality as Quality], conformers: Number(conformers), expansion: Number(expansion) };
    if (everyConformers && everyExpansion) probe.everyConformer = { conformers: Number(everyConformers), expansion: Number(everyExpansion) };
    STAGE1_INDEX_PROBE[quality as Quality] = probe;
  }
  // --shifts quality:s1,s2,...: the places along the query's long axis (Å) whose shape grid scores
  // stage 1 averages at that quality; --candidates quality:n: how many candidates both 3D methods score exactly
  // (the engine's tables, changed in this process).
  for (const entry of values.shifts) {
    const [quality, places] = entry.split(':');
    const shifts = (places ?? '').split(',').map(Number);
    if (!(QUALITIES as readonly string[]).includes(quality!) || !places || shifts.some((shift) => !Number.isFinite(shift))) throw new Error(`--shifts ${entry}: expected quality:shift[,shift...]`);
    STAGE1_SHAPE_SHIFTS[quality as Quality] = shifts;
  }
  for (const entry of values.candidates) {
    const [quality, count] = entry.split(':');
    if (!(QUALITIES as readonly string[]).includes(quality!) || !(Number(count) > 0)) throw new Error(`--candidates ${entry}: expected quality:count`);
    for (const method of METHODS) STAGE2_CANDIDATES[method][quality as Quality] = Number(count);
  }
  // --charge-share x: the share of each probe's rows the electrostatic search takes by charges (the engine's
  // CHARGE_PROBE_SHARE, changed in this process); 0 probes by volume alone, as walked catalogues did before their charge graph.
  if (values['charge-share'] !== undefined) {
    const share = Number(values['charge-share']);
    if (!(share >= 0)) throw new Error(`--charge-share ${values['charge-share']}: expected a number of 0 or more`);
    CHARGE_PROBE_SHARE.charges = share;
  }
  // --esp-shape quality:shifted|refined: where the electrostatic stage 1 takes a row's shape from (the engine's
  // ESP_SHAPE_ESTIMATE, changed in this process).
  for (const entry of values['esp-shape']) {
    const [quality, estimate] = entry.split(':');
    if (!(QUALITIES as readonly string[]).includes(quality!) || (estimate !== 'shifted' && estimate !== 'refined')) throw new Error(`--esp-shape ${entry}: expected quality:shifted or quality:refined`);
    ESP_SHAPE_ESTIMATE[quality as Quality] = estimate;
  }
  // --first-conformer-only: scanned catalogues are probed by their rows' first conformers alone, as those built before
  // every conformer had a vector are, for a before-and-after on the same catalogue.
  if (values['first-conformer-only']) for (const quality of QUALITIES) delete STAGE1_INDEX_PROBE[quality].everyConformer;
  if (!CHARGE_MODELS[values['charge-model']]) throw new Error(`--charge-model is current or legacy, not ${values['charge-model']}`);
  const chargeModel = CHARGE_MODELS[values['charge-model']]!;
  const work = join(resolve(values.work), modelFolder(chargeModel));
  const dataDir = catalogueFolder(work, values.walk === 'graph');
  await mkdir(dataDir, { recursive: true });
  const morganRows = wholeNumberList('--morgan-rows', values['morgan-rows']);
  const replicatedRows = wholeNumberList('--rows', values.rows);
  const morganModes = values['morgan-modes'].split(',').filter((mode): mode is MorganMode => (MORGAN_MODES as readonly string[]).includes(mode));
  const copyKinds = values['morgan-copies'].split(',').filter((kind): kind is CopyKind => kind === 'identical' || kind === 'distinct');
  if (values['morgan-only']) {
    // Morgan needs no 3D preparation: the real fingerprints come from a Morgan-only import (bench/lib/morgan-replicas.ts).
    console.log(`scale benchmark, Morgan only, in ${work}; timings are medians over the 20 drug queries with their 10th-90th percentile spread`);
    const queries = drugQueries(Number(values.queries), 0);
    if (values['morgan-rss']) await morganResidentReport(work, queries[0]!);
    for (const rows of morganRows) await morganReport(work, rows, queries, copyKinds, Number(values['morgan-moves']), morganModes);
    return;
  }
  const qualities = values.qualities.split(',').filter((q): q is Quality => (QUALITIES as readonly string[]).includes(q));
  console.log(`scale benchmark in ${work} on ${process.env.MOLSEARCH_THREADS ?? 2} threads; timings are medians over the queries with their 10th-90th percentile spread`);
  const union = await unionInput(work);
  const prepared = preparedRows(join(work, 'prepared.bin'));
  console.log(`real molecules: union of ${union.files} catalogue files = ${union.rows.toLocaleString()} rows; prepared with 3D models so far: ${prepared.toLocaleString()}`);

  const catalogues: { catalogue: Catalogue; kind: string }[] = [];
  catalogues.push({ catalogue: await realCatalogue(work, dataDir, union.path, 'CHEMSPACE-100K', REAL_ROWS, chargeModel), kind: 'real (chemspace_screening)' });
  if (values.union) catalogues.push({ catalogue: await realCatalogue(work, dataDir, union.path, 'UNION', undefined, chargeModel), kind: 'real (every catalogue of shared/data)' });
  for (const rows of replicatedRows) {
    catalogues.push({ catalogue: await replicatedCatalogue(work, dataDir, rows, chargeModel), kind: `replicated: ${rows / REAL_ROWS} copies of the 100k real rows, copies perturbed by ${0.15} Å` });
  }

  const setA = drugQueries(Number(values.queries), 0);
  const setB = drugQueries(Number(values.queries), 0.5);
  const queries = await queryModels(work, [...setA, ...setB], chargeModel);
  // The cheap figures first: resident set, Morgan from disk, index build rate; then search by search.
  if (!values['skip-rss'] && catalogues.length > 1) rssReport(dataDir, catalogues[0]!.catalogue, catalogues[catalogues.length - 1]!.catalogue, setA[0]!);
  for (const rows of morganRows) await morganReport(work, rows, setA, copyKinds, Number(values['morgan-moves']), morganModes);
  const pool = createRescorePool(2);
  const gridPool = createGridPool(2);
  try {
    if (!values['skip-index-rate']) await indexBuildRate(catalogues[0]!.catalogue);
    for (const { catalogue, kind } of values['skip-real'] ? catalogues.slice(1) : catalogues) {
      console.log(`\n== ${catalogue.id}: ${catalogue.count.toLocaleString()} molecules, ${kind}`);
      diskReport(catalogue);
      // What a server does for each catalogue once it has started, so its first search does not (the catalogue
      // was opened, its row columns and models checked, when it was built or found here).
      const readying = performance.now();
      await readyForSearch(catalogue);
      console.log(`readied for search as a server readies it at start (3D index checked and mapped, fingerprints kept in their file checked): ${((performance.now() - readying) / 1000).toFixed(1)} s`);
      const truthCap = catalogue.count <= Number(values['truth-rows']) ? Number(values['truth-queries']) : 0;
      const truthCapB = catalogue.count <= Number(values['truth-rows']) ? Number(values['truth-queries-b'] ?? values['truth-queries']) : 0;
      const sets = values.sets.split(',');
      for (const method of METHODS.filter((m) => values.methods.split(',').includes(m))) {
        const truthA = await groundTruth(work, catalogue, method, sets.includes('A') ? setA.slice(0, truthCap) : [], queries, pool);
        const truthB = await groundTruth(work, catalogue, method, sets.includes('B') ? setB.slice(0, truthCapB) : [], queries, pool);
        for (const quality of qualities) {
          for (const [name, set, truth] of [['A', setA, truthA], ['B', setB, truthB]] as const) {
            if (!sets.includes(name)) continue;
            await latencyAndRecall(catalogue, method, quality, name, set.slice(0, Number(values['latency-queries'] ?? set.length)), queries, truth, pool, gridPool);
          }
        }
      }
      await agreement(catalogue, qualities, setA.slice(0, Number(values['agreement-queries'])).map((smiles) => queries.get(smiles)!), gridPool);
    }
  } finally {
    await pool.close();
    await gridPool.close();
    await closeSearchPool();
  }
}

/**
 * Morgan top-30 over `rows` fingerprints: the 100k real ones of chemspace_screening in popcount order, each
 * written rows / 100k times in a row, as identical copies (the scan's work is that of a real catalogue of this
 * size, but the best hit's copies fill the top 30 at once, which flatters BitBound) and as distinct copies
 * (bench/lib/morgan-replicas.ts: a few set bits of each copy moved, popcount kept); scanned from the file and,
 * behind the fold bits of a fold bits file, and when the column fits one shard's memory, from memory with and without folds,
 * in a child process each; the files are deleted after.
 */
async function morganReport(work: string, rows: number, queries: string[], kinds: CopyKind[], moves: number, modes: MorganMode[]): Promise<void> {
  const sources = await morganSources(work);
  for (const kind of kinds) {
    const started = performance.now();
    const { path, total, copies } = await writeReplicatedFingerprints(work, sources, rows, kind, moves);
    const copiesAre = kind === 'identical' ? 'identical copies' : `distinct copies: every copy but the first has ${moves} set bits moved to unset ones, popcount kept`;
    console.log(
      `\nMorgan over ${total.toLocaleString()} fingerprints (replicated: the ${sources.length.toLocaleString()} real ones of chemspace_screening x ${copies}, ${copiesAre}), ` +
        `${((total * MORGAN_BYTES) / 1e9).toFixed(1)} GB written in ${fmt(performance.now() - started)}:`,
    );
    try {
      const digests: string[] = [];
      const cacheable = total * MORGAN_BYTES < totalmem();
      if (modes.includes('disk-folds')) {
        const folding = performance.now();
        await writeFoldBitsOf(path, total, `${path}.fold-bits`);
        console.log(`  fold bits file (256 bit columns, 32 bytes a row, ${((total * 32) / 1e9).toFixed(2)} GB) written in ${fmt(performance.now() - folding)}`);
      }
      for (const mode of modes.filter((mode) => total <= MAX_FINGERPRINTS || !mode.startsWith('memory'))) {
        const probe = JSON.parse(
          execFileSync(process.execPath, ['--import', 'tsx', new URL('./lib/morgan-probe.ts', import.meta.url).pathname, path, String(total), String(copies), mode, ...queries], { encoding: 'utf8', maxBuffer: 1 << 24 })
            .trim().split('\n').pop()!,
        ) as { ms: number[]; scanned: number[]; rss: number; hits: string };
        digests.push(probe.hits);
        console.log(
          `  ${morganModeLabel(mode, cacheable)}: top-30 ${spread(probe.ms)} over ${probe.ms.length} queries on 2 scan threads, ` +
            `BitBound scanned ${rowSpread(probe.scanned)} rows (${((100 * median(probe.scanned)) / total).toFixed(1)} % of the median query); process resident set ${(probe.rss / 2 ** 20).toFixed(0)} MiB`,
        );
      }
      if (digests.length > 1) console.log(`  hits of the ${digests.length} ways ${digests.every((digest) => digest === digests[0]) ? 'identical' : 'DIFFER'} (rows and similarities of every query)`);
      if (total > MAX_FINGERPRINTS) console.log(`  not searched in memory: ${total.toLocaleString()} rows exceed one shard's memory (${MAX_FINGERPRINTS.toLocaleString()})`);
    } finally {
      await rm(path, { force: true });
      await rm(`${path}.fold-bits`, { force: true });
    }
  }
}

/** Resident and disk bytes per molecule of Morgan-only catalogues: a fresh process that has searched the 1M replicated catalogue against one that has searched the 100k real one. */
async function morganResidentReport(work: string, smiles: string): Promise<void> {
  const small = await morganReplicaCatalogue(work, REAL_ROWS);
  const large = await morganReplicaCatalogue(work, 10 * REAL_ROWS);
  const probe = (id: string) =>
    JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL('./lib/morgan-rss-probe.ts', import.meta.url).pathname, join(work, 'data'), id, smiles], { encoding: 'utf8' }).trim().split('\n').pop()!) as {
      rss: number; count: number;
    };
  const a = probe(small.id);
  const b = probe(large.id);
  const disk = (catalogue: Catalogue) => catalogue.manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `\nMorgan-only catalogues, resident set of a fresh process after one Morgan search: ${small.id} ${(a.rss / 2 ** 20).toFixed(0)} MiB, ${large.id} ${(b.rss / 2 ** 20).toFixed(0)} MiB ` +
      `= ${((b.rss - a.rss) / (b.count - a.count)).toFixed(0)} bytes per molecule more (fingerprints and folds in memory up to the engine's fingerprint budget, about 930,000 rows, read from the file behind their fold bits past it); ` +
      `disk ${(disk(small) / small.count).toFixed(0)} and ${(disk(large) / large.count).toFixed(0)} bytes per molecule`,
  );
}

function morganModeLabel(mode: MorganMode, cacheable: boolean): string {
  const warm = cacheable ? 'page cache warm: second pass' : `second pass, but the file is larger than the ${(totalmem() / 1e9).toFixed(0)} GB of RAM: the page cache cannot hold it`;
  switch (mode) {
    case 'disk':
      return `from the file, every byte (${warm})`;
    case 'disk-folds':
      return 'from the file behind the fold bits file (second pass)';
    case 'memory':
      return 'in memory with folds';
    case 'memory-full':
      return 'in memory without folds, every byte read as from the file';
  }
}

/** The union input file: every .smi.gz of the shared catalogues, chemspace_screening first, ids prefixed by their file. */
async function unionInput(work: string): Promise<{ path: string; rows: number; files: number }> {
  const path = join(work, 'union.smi');
  const names = readdirNames(CATALOGS).filter((name) => name.endsWith('.smi.gz')).map((name) => name.slice(0, -'.smi.gz'.length));
  const ordered = ['chemspace_screening', ...names.filter((name) => name !== 'chemspace_screening').sort()];
  if (!existsSync(path)) {
    const lines: string[] = [];
    for (const name of ordered) {
      for (const line of gunzipSync(readFileSync(join(CATALOGS, `${name}.smi.gz`))).toString('utf8').split('\n')) {
        const [smiles, id] = line.split('\t');
        if (smiles && id) lines.push(`${smiles}\t${name}:${id.trim()}`);
      }
    }
    await writeFile(`${path}.tmp`, `${lines.join('\n')}\n`);
    await rename(`${path}.tmp`, path);
  }
  return { path, rows: readFileSync(path, 'utf8').split('\n').filter(Boolean).length, files: ordered.length };
}

function readdirNames(dir: string): string[] {
  return execFileSync('ls', [dir], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

function preparedRows(path: string): number {
  let rows = 0;
  for (const record of cachedBatches(path)) rows += record.batch.ids.length + record.batch.rejected.length;
  return rows;
}

/** A real catalogue of the union's first `limit` rows (all without), built from the prepared cache (preparing what it lacks). */
async function realCatalogue(work: string, dataDir: string, input: string, id: string, limit: number | undefined, chargeModel: ChargeModel): Promise<Catalogue> {
  const existing = await openCatalogue(dataDir, id).catch(() => undefined);
  if (existing) return existing;
  const preparer = cachedPreparer(join(work, 'prepared.bin'), () => createPreparer(2));
  const started = performance.now();
  try {
    const summary = await importCatalogue({ files: [input], id, dataDir, shape: shapeOptions(chargeModel), preparer, workers: 2, ...(limit ? { limit } : {}) });
    console.log(
      `built ${id}: ${summary.count.toLocaleString()} molecules in ${((performance.now() - started) / 1000).toFixed(0)} s ` +
        `(${preparer.hits} prepared batches from the cache, ${preparer.misses} prepared now)`,
    );
  } finally {
    await preparer.close();
  }
  return openCatalogue(dataDir, id);
}

/** REPLICATED-<rows>: the 100k real rows copied, copies perturbed (bench/lib/replicas.ts); no chemistry runs. */
async function replicatedCatalogue(work: string, dataDir: string, rows: number, chargeModel: ChargeModel): Promise<Catalogue> {
  const id = `REPLICATED-${rows}`;
  const existing = await openCatalogue(dataDir, id).catch(() => undefined);
  if (existing) return existing;
  const batches = [];
  let seen = 0;
  for (const record of cachedBatches(join(work, 'prepared.bin'))) {
    batches.push(record.batch);
    seen += record.batch.ids.length + record.batch.rejected.length;
    if (seen >= REAL_ROWS) break;
  }
  const sources = sourceRows(batches);
  const input = join(work, `${id}.smi`);
  const lines = await writeReplicaInput(input, sources, Math.ceil(rows / sources.size));
  const started = performance.now();
  const resident = residentSampler(rows);
  const summary = await importCatalogue({ files: [input], id, dataDir, shape: shapeOptions(chargeModel), preparer: replicaPreparer(sources), workers: 2, batchSize: 2000, limit: rows, onProgress: resident.sample });
  console.log(`built ${id}: ${summary.count.toLocaleString()} of ${lines.toLocaleString()} replica rows in ${((performance.now() - started) / 1000).toFixed(0)} s, index included`);
  console.log(`  resident set of the importing process (replicated rows, no chemistry run) by share of rows done: ${resident.report()}`);
  return openCatalogue(dataDir, id);
}

/**
 * The process's resident set at every tenth of an import's `rows` and while it writes its files, and how much
 * it grew a row from 10 % to 90 % of them (after warm-up: issue 17 asks for a flat line).
 */
function residentSampler(rows: number): { sample: (progress: { phase: string; fraction: number }) => void; report: () => string } {
  const samples = new Map<string, number>();
  // The samples wander by tens of MiB with the batches in flight and the garbage collector: the range beside
  // the growth tells a climb from that noise (at 10^6 rows, 30 MiB is 40 B a row).
  const growth = (): string => {
    const [early, late] = [samples.get('10 %'), samples.get('90 %')];
    if (early === undefined || late === undefined) return '';
    const after = [...samples].filter(([key]) => /^[1-9]0 %$/.test(key)).map(([, bytes]) => bytes / 2 ** 20);
    return `; from 10 % to 90 % of the rows ${((late - early) / (0.8 * rows)).toFixed(0)} B a row, samples in ${Math.min(...after).toFixed(0)}-${Math.max(...after).toFixed(0)} MiB`;
  };
  return {
    sample: ({ phase, fraction }) => {
      const key = phase === 'reading' ? `${Math.floor(fraction * 10) * 10} %` : phase;
      samples.set(key, Math.max(samples.get(key) ?? 0, process.memoryUsage.rss()));
    },
    report: () => `${[...samples].map(([key, bytes]) => `${key} ${(bytes / 2 ** 20).toFixed(0)} MiB`).join(', ')}${growth()}; largest so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
  };
}

/** Rows a second the stage-1 index graph takes in on two threads, measured on the first 100k rows' vectors. */
async function indexBuildRate(catalogue: Catalogue): Promise<void> {
  const rows = Math.min(catalogue.count, 100_000);
  const dir = join(catalogue.dir, '..', '..', 'index-build');
  await mkdir(dir, { recursive: true });
  const vectors = await catalogue.shape!.index(STAGE1_INDEX_PROBE.fast.expansion);
  if (!vectors.vectors) {
    console.log(`stage-1 index graph build: not measured here, as ${catalogue.id} was imported walked and its graph holds its volume vectors (run without --walk graph)`);
    return;
  }
  await writeFile(join(dir, SHAPE_INDEX_FILES.vectors), readFileSync(vectors.vectors).subarray(0, rows * INDEX_VECTOR_BYTES));
  const { seconds } = await writeIndexGraph(dir, rows, 2);
  console.log(`stage-1 index graph build: ${rows.toLocaleString()} rows inserted in ${seconds.toFixed(1)} s on 2 threads = ${((seconds / rows) * 1e6).toFixed(0)} s per million rows (built only for catalogues above ${INDEX_WALK.exhaustiveRows.toLocaleString()} rows)`);
}

function diskReport(catalogue: Catalogue): void {
  const files = catalogue.manifest.files;
  const per = (names: (name: string) => boolean) => files.filter((file) => names(file.name)).reduce((sum, file) => sum + file.bytes, 0) / catalogue.count;
  const models = per((name) => name.startsWith('models.'));
  const graph = per((name) => name === SHAPE_INDEX_FILES.graph || name === CHARGE_GRAPH.graph);
  const others = per((name) => name === SHAPE_INDEX_FILES.conformerVectors);
  const index = per((name) => name === SHAPE_INDEX_FILES.vectors || name === CHARGE_INDEX_FILE) + others;
  const morgan = per((name) => !name.startsWith('models.') && !name.startsWith('shape-index') && name !== CHARGE_INDEX_FILE && name !== CHARGE_GRAPH.graph);
  const walked = !scansCatalogue(catalogue.count, 'auto', files.some((file) => file.name === SHAPE_INDEX_FILES.vectors));
  console.log(
    `disk: ${(morgan + models + index + (walked ? graph : 0)).toFixed(0)} bytes/molecule with the 3D columns (goal 1,500; format 3 took 4,600-6,000): Morgan-only columns ${morgan.toFixed(0)}, ` +
      `3D models ${models.toFixed(0)}, stage-1 vectors ${index.toFixed(0)} (of which other conformers' ${others.toFixed(0)}), graphs (volume and charges) ${graph.toFixed(0)} (${walked ? 'counted: the catalogue is walked' : `not counted: imported only for catalogues above ${INDEX_WALK.exhaustiveRows.toLocaleString()} rows`})`,
  );
}

/** The 3D query of each SMILES, built with the catalogues' charge model, cached on disk. */
async function queryModels(work: string, smiles: string[], chargeModel: ChargeModel): Promise<Map<string, ShapeQuery>> {
  const path = join(work, 'queries.json');
  const stored: Record<string, { smiles: string; model: string }> = existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as Record<string, { smiles: string; model: string }>) : {};
  const out = new Map<string, ShapeQuery>();
  let built = 0;
  for (const input of smiles) {
    if (!stored[input]) {
      const query = await shapeQuery(input, undefined, chargeModel);
      stored[input] = { smiles: query.smiles, model: Buffer.from(encodeModel(query.model)).toString('base64') };
      built++;
    }
    const entry = stored[input]!;
    out.set(input, { smiles: entry.smiles, model: decodeModel(Buffer.from(entry.model, 'base64')), chargeModel, chargeFallback: false });
  }
  if (built > 0) await writeFile(path, JSON.stringify(stored));
  return out;
}

function modelDigest(model: Model3D): string {
  return createHash('sha256').update(encodeModel(model)).digest('hex').slice(0, 16);
}

interface TruthFile {
  catalogue: string;
  queries: Record<string, { model: string; rows: number[]; similarities: number[]; seconds: number }>;
}

/** A query's exact top rows and, in the same order, their exact similarities. */
interface ExactTop { rows: Set<number>; similarities: number[] }

/** Exact top rows of each query over the whole catalogue (every row re-scored), cached per catalogue build and query model. */
async function groundTruth(work: string, catalogue: Catalogue, method: ScoreMethod, smiles: string[], queries: Map<string, ShapeQuery>, pool: RescorePool): Promise<Map<string, ExactTop>> {
  const path = join(work, `truth-${catalogue.id}-${method}.json`);
  let cache: TruthFile = { catalogue: catalogue.version, queries: {} };
  if (existsSync(path)) {
    const stored = JSON.parse(await readFile(path, 'utf8')) as TruthFile;
    if (stored.catalogue === catalogue.version) cache = stored;
  }
  const form = catalogueElectrostaticForm(catalogue);
  let computed = 0;
  for (const input of smiles) {
    const query = queries.get(input)!;
    const digest = modelDigest(query.model);
    if (cache.queries[input]?.model === digest) continue;
    const started = performance.now();
    const ranked: { row: number; score: number }[] = [];
    const block = 20_000;
    for (let first = 0; first < catalogue.count; first += block) {
      const rows = Array.from({ length: Math.min(block, catalogue.count - first) }, (_, i) => first + i);
      const scores = await rescoreModels(query.model, method, rows.map((row) => catalogue.shape!.model(row)), { pool, chunk: 64, electrostaticForm: form });
      rows.forEach((row, i) => {
        if (!Number.isNaN(scores[i]!)) ranked.push({ row, score: scores[i]! });
      });
      ranked.sort((a, b) => b.score - a.score || a.row - b.row).splice(100);
    }
    cache.queries[input] = { model: digest, rows: ranked.map((hit) => hit.row), similarities: ranked.map((hit) => hit.score), seconds: (performance.now() - started) / 1000 };
    computed++;
    await writeFile(`${path}.tmp`, JSON.stringify(cache));
    await rename(`${path}.tmp`, path);
  }
  if (smiles.length > 0) console.log(`${method}: exact ranking of ${smiles.length} queries (${computed} computed now, the rest from ${path})`);
  return new Map(smiles.map((input) => {
    const entry = cache.queries[input]!;
    return [input, { rows: new Set(entry.rows.slice(0, TOP)), similarities: entry.similarities.slice(0, TOP) }];
  }));
}

/**
 * How far below the exact top 30 the returned hits score: the mean over ranks 1 to 30 of the exact similarity at
 * that rank less the returned one (both descending). Recall counts a miss the same whether the hit returned in
 * its place scores 0.001 or 0.3 less; when a catalogue holds no close match, many rows score within a few
 * hundredths of the 30th, and a search can miss most of the exact top 30 while returning hits as similar.
 */
function similarityShortfall(exact: number[], returned: ArrayLike<number>): number {
  const ranked = Array.from(returned).sort((a, b) => b - a);
  let sum = 0;
  for (let k = 0; k < exact.length; k++) sum += exact[k]! - (ranked[k] ?? 0);
  return sum / Math.max(1, exact.length);
}

/** End-to-end search time (query conformers excluded: cached), recall@30 and the similarity shortfall of one query set. */
async function latencyAndRecall(
  catalogue: Catalogue, method: ScoreMethod, quality: Quality, set: string, smiles: string[], queries: Map<string, ShapeQuery>, truth: Map<string, ExactTop>,
  pool: RescorePool, gridPool: ReturnType<typeof createGridPool>,
): Promise<void> {
  if (smiles.length === 0) return;
  const times: number[] = [];
  const stage1: number[] = [];
  const found: number[] = [];
  const recalls: number[] = [];
  const shortfalls: number[] = [];
  const wholeStage1: number[] = [];
  // Where each exact top-30 row that the search missed was lost: not found by the probe, found but ranked
  // past stage 1's candidates, or a candidate that stage 2 did not return.
  const lost = { probe: 0, ranking: 0, stage2: 0 };
  // The probe the search itself asks (shape-search.ts stage1Union): by charges too for an electrostatic search.
  const sources = candidateSources(method, catalogueElectrostaticForm(catalogue), STAGE2_CANDIDATES[method][quality]);
  const charges = probesCharges(sources);
  for (const input of smiles) {
    const query = queries.get(input)!;
    let started = performance.now();
    const rows = await indexCandidates(catalogue, query.model, quality, undefined, 'auto', charges, gridPool.size);
    stage1.push(performance.now() - started);
    found.push(rows.length);
    started = performance.now();
    const kept = await stage1Union(catalogue, query, sources, quality, gridPool);
    wholeStage1.push(performance.now() - started);
    started = performance.now();
    const result = await shapeSearch(catalogue, query, { method, quality, limit: TOP, threshold: 0, pool, gridPool });
    times.push(performance.now() - started);
    const exact = truth.get(input);
    if (exact) {
      recalls.push([...result.rows].filter((row) => exact.rows.has(row)).length / Math.max(1, exact.rows.size));
      countLost(lost, exact.rows, rows, kept, result.rows);
      shortfalls.push(similarityShortfall(exact.similarities, result.similarities));
    }
  }
  console.log(
    `${method.padEnd(20)} ${quality.padEnd(13)} set ${set}: search ${spread(times)} (stage 2 on 2 workers included), index probe ${spread(stage1)} ` +
      `finding ${median(found).toFixed(0)} rows (${probeText(catalogue, quality, charges)}), whole stage 1 (probe, grids of the rows found, ranking) ${spread(wholeStage1)}, ` +
      `stage 2 (search less stage 1, query by query) ${spread(times.map((time, i) => time - wholeStage1[i]!))}, ${STAGE2_CANDIDATES[method][quality]} re-scored` +
      (recalls.length > 0
        ? `; recall@${TOP} mean ${mean(recalls).toFixed(3)} over ${recalls.length} queries, min ${Math.min(...recalls).toFixed(2)}; ` +
          `similarity shortfall against the exact top ${TOP} mean ${mean(shortfalls).toFixed(4)}, largest ${Math.max(...shortfalls).toFixed(4)}; ` +
          `exact top-${TOP} rows missed: ${lost.probe} not found by the probe, ${lost.ranking} found but ranked past stage 1's candidates, ${lost.stage2} candidates stage 2 did not return`
        : ''),
  );
}

/** Adds to `lost` where each of the exact top rows missing from `returned` was lost. */
function countLost(lost: { probe: number; ranking: number; stage2: number }, exact: Set<number>, probed: ArrayLike<number>, kept: ArrayLike<number>, returned: ArrayLike<number>): void {
  const found = new Set(Array.from(probed));
  const candidates = new Set(Array.from(kept));
  const hits = new Set(Array.from(returned));
  for (const row of exact) {
    if (hits.has(row)) continue;
    if (!found.has(row)) lost.probe++;
    else if (!candidates.has(row)) lost.ranking++;
    else lost.stage2++;
  }
}

/** The probes a search of `catalogue` at `quality` asks the index (shape/index-candidates.ts), by charges too when `charges`. */
function probeText(catalogue: Catalogue, quality: Quality, charges: boolean): string {
  const probe = STAGE1_INDEX_PROBE[quality];
  const hasFile = (name: string) => catalogue.manifest.files.some((file) => file.name === name);
  // A walked catalogue has the charge graph, a scanned one the charge file.
  const byCharges = charges && (hasFile(CHARGE_INDEX_FILE) || hasFile(CHARGE_GRAPH.graph)) && CHARGE_PROBE_SHARE.charges > 0
    ? `, + ${probe.conformers} conformers x 4 flips x ${Math.round(probe.expansion * CHARGE_PROBE_SHARE.charges)} by charges`
    : '';
  if (!scansCatalogue(catalogue.count, 'auto', hasFile(SHAPE_INDEX_FILES.vectors))) return `${probe.conformers} conformers x 4 flips x ${probe.expansion} first conformers${byCharges}, walked`;
  const { conformers, expansion, everyConformer } = volumeScanProbe(probe, hasFile(SHAPE_INDEX_FILES.conformerVectors));
  return `${conformers} conformers x 4 flips x ${expansion} ${everyConformer ? 'vectors of every conformer' : 'first conformers'}${byCharges}`;
}

/**
 * For a few queries: the share of an exhaustive stage 1's candidates (every row ranked, as format 3 did)
 * that the index path keeps at the same quality, by method and quality. The exhaustive grids are built
 * from the models once a block of rows and scanned for every query, method and quality, so its time is
 * the scan alone, as format 3 had the grids in memory.
 */
async function agreement(catalogue: Catalogue, qualities: readonly Quality[], queries: ShapeQuery[], gridPool: ReturnType<typeof createGridPool>): Promise<void> {
  if (queries.length === 0) return;
  const runner = poolRunner(gridPool);
  const cases = METHODS.flatMap((method) => qualities.map((quality) => ({ method, quality, scores: queries.map(() => new Float32Array(catalogue.count)), exhaustiveMs: queries.map(() => 0) })));
  const block = 200_000;
  let buildMs = 0;
  for (let first = 0; first < catalogue.count; first += block) {
    const rows = Uint32Array.from({ length: Math.min(block, catalogue.count - first) }, (_, i) => first + i);
    let started = performance.now();
    // Built on the grid pool, as a search builds its candidates' column. Built on this thread and only
    // scanned by the workers, the blocks of a 10^7-row run held 23.7 GB when it was killed; a worker frees a
    // block's shared memory only when it collects garbage, which scans alone seldom make it do.
    const column = await candidateColumn(catalogue, rows, true, poolBuilder(gridPool), runner);
    buildMs += performance.now() - started;
    for (const entry of cases) {
      for (const [q, query] of queries.entries()) {
        started = performance.now();
        entry.scores[q]!.set(await columnScores(column, query.model, entry.method, entry.quality, runner), first);
        entry.exhaustiveMs[q]! += performance.now() - started;
      }
    }
  }
  // A replicated catalogue's copies of one real row carry its id with a copy suffix (bench/lib/replicas.ts).
  const replicated = catalogue.id.startsWith('REPLICATED-');
  const sourceOf = (row: number): string => replicaSource(catalogue.compoundId(row)).id;
  console.log(`index vs exhaustive stage 1 on ${queries.length} queries of set A (the exhaustive grids of every row built from the models in ${fmt(buildMs)}, not counted below):`);
  const form = catalogueElectrostaticForm(catalogue);
  const caseOf = (method: ScoreMethod, quality: Quality) => cases.find((entry) => entry.method === method && entry.quality === quality)!;
  for (const { method, quality, scores, exhaustiveMs } of cases) {
    const wanted = STAGE2_CANDIDATES[method][quality];
    // Ranked as the search ranks them (shape-search.ts candidateSources): the electrostatic stage 1 of today's
    // charge model by the mean of its shape and charge estimates, over the rows the index finds by volume and charges.
    const [source] = candidateSources(method, form, wanted);
    const shape = source!.withShape ? caseOf('espsim_shape', quality) : undefined;
    const shares: number[] = [];
    const sourceShares: number[] = [];
    const sourceCounts: number[] = [];
    const indexMs: number[] = [];
    for (const [q, query] of queries.entries()) {
      const own = scores[q]!;
      const ranked = shape ? own.map((score, row) => (score + shape.scores[q]![row]!) / 2) : own;
      const exhaustive = new Set(bestRows(ranked, wanted));
      if (shape) exhaustiveMs[q]! += shape.exhaustiveMs[q]!;
      const started = performance.now();
      const viaIndex = await stage1Union(catalogue, query, [source!], quality, gridPool);
      indexMs.push(performance.now() - started);
      const kept = [...viaIndex].filter((row) => exhaustive.has(row));
      shares.push(kept.length / Math.max(1, exhaustive.size));
      if (replicated) {
        const wantedSources = new Set([...exhaustive].map(sourceOf));
        const foundSources = new Set(kept.map(sourceOf));
        sourceShares.push(foundSources.size / Math.max(1, wantedSources.size));
        sourceCounts.push(wantedSources.size);
      }
    }
    console.log(
      `  ${method.padEnd(20)} ${quality.padEnd(13)} best ${wanted}: the index path keeps ${mean(shares).toFixed(3)} (min ${Math.min(...shares).toFixed(3)}) of the exhaustive candidates (goal 0.95); ` +
        `stage 1 by the index ${spread(indexMs)} (probe, grids of the rows found, ranking), exhaustive scan of the grids in memory ${spread(exhaustiveMs)}`,
    );
    if (replicated) {
      console.log(
        `  ${''.padEnd(34)} by real molecule: the exhaustive candidates are copies of ${rowSpread(sourceCounts)} real molecules, ` +
          `of which the index path keeps at least one copy of ${mean(sourceShares).toFixed(3)} (min ${Math.min(...sourceShares).toFixed(3)})`,
      );
    }
  }
}

function rssReport(dataDir: string, small: Catalogue, large: Catalogue, smiles: string): void {
  const probe = (id: string) =>
    JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL('./lib/rss-probe.ts', import.meta.url).pathname, dataDir, id, smiles], { encoding: 'utf8' }).trim().split('\n').pop()!) as {
      rss: number; rssFile: number; rssWithMorgan: number; count: number;
    };
  const a = probe(small.id);
  const b = probe(large.id);
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const rows = b.count - a.count;
  console.log(
    `\nresident set of a fresh process after one shape and one electrostatic search (fast): ${small.id} ${mib(a.rss)}, ${large.id} ${mib(b.rss)} ` +
      `= ${((b.rss - a.rss) / rows).toFixed(0)} bytes per molecule more (goal 400; format 3 about 6,800), of which mapped file pages (the index graph, droppable) ` +
      `${((b.rssFile - a.rssFile) / rows).toFixed(0)} and the process's own ${((b.rss - b.rssFile - (a.rss - a.rssFile)) / rows).toFixed(0)}; ` +
      `after a Morgan search too (fingerprints and folds in memory up to the engine's budget, from the file past it): ${mib(a.rssWithMorgan)}, ${mib(b.rssWithMorgan)} = ${((b.rssWithMorgan - a.rssWithMorgan) / rows).toFixed(0)} bytes per molecule more`,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

/** Median and 10th-90th percentile of timings in ms. */
function spread(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `${fmt(median(ms))} [${fmt(at(0.1))}-${fmt(at(0.9))}]`;
}

/** Median and 10th-90th percentile of row counts. */
function rowSpread(rows: number[]): string {
  const sorted = [...rows].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `${median(rows).toLocaleString()} [${at(0.1).toLocaleString()}-${at(0.9).toLocaleString()}]`;
}

function fmt(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}
