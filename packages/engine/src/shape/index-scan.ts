import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { EngineError } from '../format/engine-error.ts';
import { INDEX_VECTOR_BYTES } from '../format/shape-index-vectors.ts';
import { wasm } from '../pool/webassembly-api.ts';
import type { WasmModule } from '../pool/webassembly-api.ts';

// Built from packages/engine/assembly/index-scan.ts by `npm run build:wasm:index -w @molsearch/engine`; committed.
const WASM_URL = new URL('./index-scan.wasm', import.meta.url);
/** Vectors read from a vector file and scanned at a time: about 1 MB, so the scan holds no column. */
const BLOCK_ROWS = 8192;
const PAGE = 65536;

/** Tanimoto bins of the per-probe histograms: a probe's cut keeps at most a bin's rows more than it asked for. */
const BINS = 4096;

interface ScanExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  bestTanimoto(probes: number, probeBits: number, probeCount: number, first: number, rows: number, out: number): void;
  binPass(probes: number, probeBits: number, probeCount: number, first: number, rows: number, bins: number, histograms: number, cuts: number, marks: number): void;
  vectorBits(at: number): number;
}

let compiled: WasmModule | undefined;

function scanModule(): WasmModule {
  if (!compiled) {
    try {
      compiled = new wasm.Module(readFileSync(WASM_URL));
    } catch (error) {
      throw new EngineError('METHOD_UNAVAILABLE', `Cannot load the WebAssembly index scan ${WASM_URL.pathname}: ${String(error)}`, { cause: error });
    }
  }
  return compiled;
}

/** A kernel instance with the probes in place and room for a block of rows and what a pass writes. */
function scanKernel(probes: Uint8Array) {
  const probeCount = probes.length / INDEX_VECTOR_BYTES;
  const at = { probes: 0, bits: probes.length, rows: 0, out: 0, histograms: 0, cuts: 0 };
  at.rows = align(at.bits + 4 * probeCount);
  at.out = align(at.rows + BLOCK_ROWS * INDEX_VECTOR_BYTES);
  at.cuts = align(at.out + 4 * BLOCK_ROWS);
  at.histograms = align(at.cuts + 4 * probeCount);
  const kernel = new wasm.Instance(scanModule(), {}).exports as unknown as ScanExports;
  const needed = Math.ceil((at.histograms + 4 * BINS * probeCount) / PAGE) - kernel.memory.buffer.byteLength / PAGE;
  if (needed > 0) kernel.memory.grow(needed);
  const memory = new Uint8Array(kernel.memory.buffer);
  memory.set(probes, at.probes);
  const probeBits = new Int32Array(kernel.memory.buffer, at.bits, probeCount);
  for (let p = 0; p < probeCount; p++) probeBits[p] = kernel.vectorBits(at.probes + p * INDEX_VECTOR_BYTES);
  return { kernel, memory, at, probeCount };
}

function align(offset: number): number {
  return Math.ceil(offset / 64) * 64;
}

/** Reads the `rows` vectors of the file at `path` a block at a time into `memory` at `rowsAt` and hands each block to `scan` (first row, rows). */
function eachBlock(path: string, count: number, memory: Uint8Array, rowsAt: number, scan: (first: number, rows: number) => void): void {
  const fd = openSync(path, 'r');
  try {
    for (let first = 0; first < count; first += BLOCK_ROWS) {
      const rows = Math.min(BLOCK_ROWS, count - first);
      const length = rows * INDEX_VECTOR_BYTES;
      if (readSync(fd, memory, rowsAt, length, first * INDEX_VECTOR_BYTES) !== length) {
        throw new EngineError('CATALOGUE_CORRUPT', `${path} ends inside its vectors: re-import the catalogue.`);
      }
      scan(first, rows);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Every row's best Tanimoto over the `probes` (packed, INDEX_VECTOR_BYTES each), read from the vector file
 * of `count` rows at `path` (format/shape-index-layout.ts, charge-index-layout.ts) in blocks.
 */
export function scanIndexVectors(path: string, count: number, probes: Uint8Array): Float32Array {
  const { kernel, memory, at, probeCount } = scanKernel(probes);
  const out = new Float32Array(kernel.memory.buffer, at.out, BLOCK_ROWS);
  const scores = new Float32Array(count);
  eachBlock(path, count, memory, at.rows, (first, rows) => {
    kernel.bestTanimoto(at.probes, at.bits, probeCount, at.rows, rows, at.out);
    scores.set(out.subarray(0, rows), first);
  });
  return scores;
}

/** A file of vectors scanned as one with others: `vectors` of INDEX_VECTOR_BYTES each at `path`. */
export interface VectorFile {
  path: string;
  vectors: number;
}

/**
 * What a graph walk of `perProbe` rows a probe finds, found exactly: the rows among each probe's `perProbe`
 * nearest by Tanimoto over every vector of the file of `count` rows at `path`, the union over the probes,
 * marked 1 in a byte a row. Two passes over the vectors (popcounts in WebAssembly SIMD): the first counts
 * each probe's Tanimoto values into bins, the second keeps the rows at or above each probe's cut, the
 * lowest bin whose rows and those above number at least `perProbe` (so a probe may keep a few more).
 * Its cost is the catalogue's size in probe comparisons, so it serves catalogues up to INDEX_WALK.exhaustiveRows (format/shape-index-layout.ts).
 */
export function scanIndexNeighbours(path: string, count: number, probes: Uint8Array, perProbe: number): Uint8Array {
  return scanNeighbourFiles([{ path, vectors: count }], probes, perProbe)[0]!;
}

/**
 * scanIndexNeighbours over the vectors of several files as one set: each probe keeps its `perProbe` nearest
 * vectors of them all, and each file's are marked 1 in a byte a vector of its own mask.
 */
export function scanNeighbourFiles(files: readonly VectorFile[], probes: Uint8Array, perProbe: number): Uint8Array[] {
  const { kernel, memory, at, probeCount } = scanKernel(probes);
  const histograms = new Uint32Array(kernel.memory.buffer, at.histograms, BINS * probeCount);
  histograms.fill(0);
  for (const file of files) eachBlock(file.path, file.vectors, memory, at.rows, (_, rows) => kernel.binPass(at.probes, at.bits, probeCount, at.rows, rows, BINS, at.histograms, 0, 0));
  const cuts = new Int32Array(kernel.memory.buffer, at.cuts, probeCount);
  for (let p = 0; p < probeCount; p++) {
    let kept = 0;
    let bin = BINS - 1;
    // Bin 0 holds the rows sharing nothing with the probe: never kept.
    for (; bin > 1; bin--) {
      kept += histograms[p * BINS + bin]!;
      if (kept >= perProbe) break;
    }
    cuts[p] = bin;
  }
  const marks = new Uint8Array(kernel.memory.buffer, at.out, BLOCK_ROWS);
  return files.map((file) => {
    const found = new Uint8Array(file.vectors);
    eachBlock(file.path, file.vectors, memory, at.rows, (first, rows) => {
      kernel.binPass(at.probes, at.bits, probeCount, at.rows, rows, BINS, 0, at.cuts, at.out);
      found.set(marks.subarray(0, rows), first);
    });
    return found;
  });
}
