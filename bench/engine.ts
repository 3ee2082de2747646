// `npm run bench -- engine [--molecules N] [--size N] [--ten-million] [--queries N] [--import-rows N]`
// Morgan search figures: kernel comparisons/s/core (JS and WebAssembly SIMD), top-30 and threshold-0.7
// latency over 1M (and optionally 10M) fingerprints, RDKit's BulkTanimotoSimilarity on the same
// fingerprints, and import molecules/s with index bytes/molecule. The 3D methods: bench/engine-3d.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MORGAN_BYTES, loadRDKit, morganFingerprint, popcount, withMol } from '@molsearch/chem';
import { importCatalogue, isRecordError, readMolecules } from '@molsearch/engine';
import { allocateFingerprintMemory, createKernel, createScanPool, fingerprintView, foldFingerprints, morganScan, popcountStartsOf } from '@molsearch/engine/bench';
import type { CommonBitsKernel, FingerprintColumn, KernelKind, ScanPool } from '@molsearch/engine/bench';

const SHARED = new URL('../../shared/data/catalogs/chemspace_screening.smi.gz', import.meta.url).pathname;
const NCI = '/usr/share/RDKit/Data/NCI/first_5K.smi';

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      molecules: { type: 'string', default: '10000' },
      size: { type: 'string', default: '1000000' },
      'ten-million': { type: 'boolean', default: false },
      queries: { type: 'string', default: '20' },
      'import-rows': { type: 'string', default: '5000' },
    },
  });
  const source = existsSync(SHARED) ? SHARED : NCI;
  const read = await realFingerprints(source, Number(values.molecules) + Number(values.queries));
  // Queries are the molecules after the indexed ones, so none finds its own copies.
  const unique = read.slice(0, Number(values.molecules));
  const queries = read.slice(Number(values.molecules));
  console.log(
    `Fingerprints: ${unique.length.toLocaleString()} real molecules of ${source.split('/').pop()} (Morgan r=2, 2048 bits, SMILES as written); ` +
      `${queries.length} queries: the next molecules of the file.`,
  );

  const sizes = [Number(values.size), ...(values['ten-million'] ? [10_000_000] : [])];
  for (const size of sizes) {
    const column = replicatedColumn(unique, size);
    console.log(`\n== ${size.toLocaleString()} fingerprints: the real ones replicated ${(size / unique.length).toFixed(1)}x to reach the size ==`);
    const rates = kernelRates(column, queries[0]!);
    console.log(
      `exhaustive scan, 1 core (CPU time), common bits of every row: JS ${fmtRate(rates.js)}/s, WebAssembly SIMD ${fmtRate(rates.full)}/s (x${(rates.full / rates.js).toFixed(1)} JS)`,
    );
    for (const { threshold, rate, passed } of rates.folded) {
      console.log(
        `exhaustive threshold scan, 1 core (CPU time), every row decided exactly against Tanimoto >= ${threshold} (no popcount pruning), SIMD behind the fold bound: ` +
          `${fmtRate(rate)} rows/s (x${(rate / rates.full).toFixed(1)} full SIMD); ${passed.toLocaleString()} rows pass`,
      );
    }
    if (size === sizes[0]) {
      const rdkit = rdkitBulkRate(unique, size, queries.slice(0, 3));
      console.log(
        `RDKit BulkTanimotoSimilarity (python3-rdkit ${rdkit.version}), 1 core, same ${rdkit.size.toLocaleString()} fingerprints and queries: ${fmtRate(rdkit.rate)} comparisons/s; ` +
          `full SIMD / RDKit = x${(rates.full / rdkit.rate).toFixed(1)}, folded SIMD at 0.7 / RDKit = x${(rates.folded[0]!.rate / rdkit.rate).toFixed(1)}`,
      );
    }
    const pool = createScanPool(2);
    try {
      for (const kernel of ['wasm', 'wasm-full', 'js'] as KernelKind[]) {
        for (const [label, limit, threshold] of [['top-30', 30, 0], ['threshold 0.7', 100_000, 0.7]] as const) {
          const single = await latencies(column, queries, { limit, threshold, kernel });
          const pooled = await latencies(column, queries, { limit, threshold, kernel, pool });
          console.log(
            `${label.padEnd(13)} ${kernel.padEnd(9)}: 1 thread CPU median ${fmtMs(single.cpuMedian)} (wall median ${fmtMs(single.median)}, p90 ${fmtMs(single.p90)}); ` +
              `2 threads wall median ${fmtMs(pooled.median)} (p90 ${fmtMs(pooled.p90)}), CPU of both threads median ${fmtMs(pooled.cpuMedian)}; ` +
              `rows scanned ${(pooled.scanned * 100).toFixed(1)}%, hits median ${single.hits}; ` +
              `pool = single thread: ${sameResults(single.results, pooled.results) ? 'identical' : 'DIFFERENT'}`,
          );
        }
      }
    } finally {
      await pool.close();
    }
  }

  await importFigures(source, Number(values['import-rows']));
}

async function realFingerprints(path: string, count: number): Promise<Uint8Array[]> {
  await loadRDKit();
  const fingerprints: Uint8Array[] = [];
  for await (const record of readMolecules(path)) {
    if (isRecordError(record)) continue;
    const fp = withMol(record.smiles, morganFingerprint);
    if (fp) fingerprints.push(fp);
    if (fingerprints.length >= count) break;
  }
  return fingerprints;
}

/** `size` rows cycling through the real fingerprints, in popcount order as an index stores them. */
function replicatedColumn(unique: Uint8Array[], size: number): FingerprintColumn {
  const byPopcount = unique.map((fp, i) => ({ i, p: popcount(fp) })).sort((a, b) => a.p - b.p || a.i - b.i);
  const popcounts = new Uint16Array(size);
  const copies = Math.floor(size / unique.length);
  const extra = size - copies * unique.length;
  const column: FingerprintColumn = { memory: allocateFingerprintMemory(size), count: size, popcountStarts: new Uint32Array(0) };
  const view = fingerprintView(column);
  let row = 0;
  // Each real fingerprint appears copies (+1 for the first `extra`) times, next to its copies.
  for (const { i, p } of byPopcount) {
    const times = copies + (i < extra ? 1 : 0);
    for (let t = 0; t < times; t++) {
      view.set(unique[i]!, row * MORGAN_BYTES);
      popcounts[row++] = p;
    }
  }
  column.popcountStarts = popcountStartsOf(popcounts);
  return foldFingerprints(column);
}

interface KernelRates {
  js: number;
  full: number;
  /** Rows decided per second behind the fold bound, per Tanimoto threshold. */
  folded: { threshold: number; rate: number; passed: number }[];
}

/** CPU seconds of this thread for `work` (the machine is shared: wall time would count other processes). */
function cpuSeconds(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

function kernelRates(column: FingerprintColumn, query: Uint8Array): KernelRates {
  const best = (rows: number, scan: () => void): number => Math.max(...[0, 1, 2].map(() => rows / cpuSeconds(scan)));
  const everyRow = (kernel: CommonBitsKernel, rows: number) => (): void => {
    // An unreachable minimum: every row's common bits are counted, none is reported.
    for (let first = 0; first < rows; first += 8192) kernel.scan(first, Math.min(8192, rows - first), 1 << 20);
  };
  const js = createKernel(column, 0, 'js');
  js.setQuery(query);
  const jsRows = Math.min(column.count, 300_000);
  const full = createKernel(column, 0, 'wasm-full');
  full.setQuery(query);
  const folds = createKernel(column, 0, 'wasm');
  folds.setQuery(query);
  const q = popcount(query);
  const folded = [0.7, 0.5, 0.3].map((threshold) => {
    let passed = 0;
    // Every row of every popcount decided against the threshold's integer minimum (no BitBound pruning).
    const scan = (): void => {
      passed = 0;
      for (let p = 0; p <= 2048; p++) {
        const start = column.popcountStarts[p]!;
        const end = column.popcountStarts[p + 1]!;
        const minCommon = Math.max(1, Math.ceil((threshold * (q + p)) / (1 + threshold) - 1e-9));
        for (let first = start; first < end; first += 8192) passed += folds.scan(first, Math.min(8192, end - first), minCommon);
      }
    };
    return { threshold, rate: best(column.count, scan), passed };
  });
  return { js: best(jsRows, everyRow(js, jsRows)), full: best(column.count, everyRow(full, column.count)), folded };
}

interface Latency {
  /** Wall-clock milliseconds (other processes on the machine inflate these). */
  median: number;
  p90: number;
  /** CPU milliseconds of the whole process (all its threads) per query: what a query costs unloaded. */
  cpuMedian: number;
  hits: number;
  scanned: number;
  results: { rows: Uint32Array; similarities: Float64Array }[];
}

async function latencies(column: FingerprintColumn, queries: Uint8Array[], options: { limit: number; threshold: number; kernel: KernelKind; pool?: ScanPool }): Promise<Latency> {
  const times: number[] = [];
  const cpu: number[] = [];
  const hits: number[] = [];
  const results: Latency['results'] = [];
  let scanned = 0;
  await morganScan(column, `bench@${column.count}`, queries[0]!, options);
  for (const query of queries) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const result = await morganScan(column, `bench@${column.count}`, query, options);
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    hits.push(result.rows.length);
    results.push(result);
    scanned += result.scannedRows / column.count;
  }
  const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const p90 = [...times].sort((x, y) => x - y)[Math.floor(times.length * 0.9)]!;
  return { median: median(times), p90, cpuMedian: median(cpu), hits: median(hits), scanned: scanned / queries.length, results };
}

function sameResults(a: Latency['results'], b: Latency['results']): boolean {
  return a.every((r, i) => r.rows.length === b[i]!.rows.length && r.rows.every((row, j) => row === b[i]!.rows[j] && r.similarities[j] === b[i]!.similarities[j]));
}

const RDKIT_SCRIPT = `
import sys, time
from rdkit import DataStructs, rdBase
path, size, nq = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
vectors = []
for line in open(path):
    bv = DataStructs.ExplicitBitVect(2048)
    bv.SetBitsFromList([int(b) for b in line.split()])
    vectors.append(bv)
queries, unique = vectors[:nq], vectors[nq:]
fps = (unique * (size // len(unique) + 1))[:size]
best = 0.0
for q in queries:
    t = time.process_time()
    DataStructs.BulkTanimotoSimilarity(q, fps)
    best = max(best, size / (time.process_time() - t))
print(rdBase.rdkitVersion, best)
`;

function rdkitBulkRate(unique: Uint8Array[], size: number, queries: Uint8Array[]): { version: string; rate: number; size: number } {
  const dir = mkdtempSync(join(tmpdir(), 'molsearch-bench-rdkit-'));
  try {
    const fpFile = join(dir, 'fingerprints.txt');
    const scriptFile = join(dir, 'bulk.py');
    // The queries go first so Python uses the same ones.
    writeFileSync(fpFile, [...queries, ...unique].map((fp) => onBits(fp).join(' ')).join('\n'));
    writeFileSync(scriptFile, RDKIT_SCRIPT);
    const output = execFileSync('/usr/bin/python3', [scriptFile, fpFile, String(size), String(queries.length)], { encoding: 'utf8' }).trim().split(/\s+/);
    return { version: output[0] ?? '?', rate: Number(output[1]), size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function onBits(fp: Uint8Array): number[] {
  const bits: number[] = [];
  for (let i = 0; i < fp.length * 8; i++) if ((fp[i >> 3]! >> (i & 7)) & 1) bits.push(i);
  return bits;
}

async function importFigures(source: string, rows: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'molsearch-bench-import-'));
  try {
    const file = join(dir, 'sample.smi');
    const lines: string[] = [];
    for await (const record of readMolecules(source)) {
      if (!isRecordError(record)) lines.push(`${record.smiles}\t${record.id}`);
      if (lines.length >= rows) break;
    }
    await writeFile(file, `${lines.join('\n')}\n`);
    const summary = await importCatalogue({ files: [file], id: 'BENCH', dataDir: join(dir, 'data'), workers: 2 });
    console.log(
      `\nimport, 2 workers: ${summary.count} molecules of ${source.split('/').pop()} in ${summary.seconds.toFixed(1)} s = ` +
        `${summary.moleculesPerSecond.toFixed(0)} molecules/s (including RDKit start-up in each worker); index ${summary.bytesPerMolecule} bytes/molecule`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function fmtRate(perSecond: number): string {
  return perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(1)}M` : `${(perSecond / 1e3).toFixed(0)}k`;
}

function fmtMs(ms: number): string {
  return `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
}
