import { closeSync, openSync, readSync } from 'node:fs';
import { FINGERPRINT_BYTES, POPCOUNT_SLOTS } from '../format/catalogue-format.ts';
import { EngineError } from '../format/engine-error.ts';
import type { CommonBitsKernel } from './common-bits-kernel.ts';
import { FOLD_BYTES, KERNEL_CHUNK_ROWS, allocateFingerprintMemory, fingerprintView, foldsOffset } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';

/** Closes a disk kernel's files when the kernel is collected without release(). */
const openFiles = new FinalizationRegistry<{ fd?: number; folds?: number }>((file) => {
  if (file.fd !== undefined) closeSync(file.fd);
  if (file.folds !== undefined) closeSync(file.folds);
});

/** Candidate rows closer than this are read with one read (the rows between are read too, and skipped by the fold bound). */
const READ_GAP_ROWS = 16;
/** More candidates than a chunk's rows / DENSE_SHARE are read as one span. */
const DENSE_SHARE = 16;

/**
 * A kernel over a column whose fingerprints stay in their file (FingerprintColumn.file): each chunk a
 * BitBound scan asks for (at most KERNEL_CHUNK_ROWS rows, 2 MiB) is read with one positioned read into a
 * window of this kernel's own, which `inner` (a kernel over the window) scans. Rows are popcount-ordered,
 * so a scan's chunks are consecutive reads of the file and the page cache serves repeated searches; the
 * process keeps the window (about 4 MiB a kernel), not the column.
 *
 * When the column's folds are in a file too (FingerprintColumn.foldFile) and the inner kernel uses folds,
 * a chunk costs its folds (32 bytes a row) and the few fingerprints that pass the fold bound: the window's
 * fingerprints are all ones, so a first scan behind the folds reports exactly the rows whose bound reaches
 * the minimum (an all-ones row shares every query bit); those rows alone are read into their places, and a
 * second scan behind the same folds reads only them. Without a fold file, folding a chunk would cost the
 * full read the bound saves, so every byte is read.
 */
export function createDiskKernel(column: FingerprintColumn, inner: (window: FingerprintColumn) => CommonBitsKernel): CommonBitsKernel {
  const path = column.file;
  if (path === undefined) throw new EngineError('INVALID_REQUEST', 'A disk kernel needs a column whose fingerprints stay in their file.');
  const foldPath = column.foldFile;
  const window: FingerprintColumn = {
    memory: allocateFingerprintMemory(KERNEL_CHUNK_ROWS),
    count: KERNEL_CHUNK_ROWS,
    popcountStarts: new Uint32Array(POPCOUNT_SLOTS),
    ...(foldPath !== undefined ? { folded: true } : {}),
  };
  const bytes = fingerprintView(window);
  const kernel = inner(window);
  const byFolds = foldPath !== undefined && kernel.kind === 'wasm';
  const folds = new Uint8Array(window.memory.buffer, foldsOffset(window), KERNEL_CHUNK_ROWS * FOLD_BYTES);
  if (byFolds) bytes.fill(0xff);
  const candidates = new Uint32Array(KERNEL_CHUNK_ROWS);
  const file: { fd?: number; folds?: number } = {};
  const release = (): void => {
    if (file.fd !== undefined) closeSync(file.fd);
    if (file.folds !== undefined) closeSync(file.folds);
    delete file.fd;
    delete file.folds;
  };
  const read = (fd: number, name: string, target: Uint8Array, at: number, length: number, position: number, lastRow: number): void => {
    for (let filled = 0; filled < length; ) {
      const got = readSync(fd, target, at + filled, length - filled, position + filled);
      if (got === 0) throw new EngineError('CATALOGUE_CORRUPT', `${name} ended before row ${lastRow} of ${column.count}: re-import the catalogue.`);
      filled += got;
    }
  };
  const scanAll = (firstRow: number, rows: number, minCommon: number): number => {
    file.fd ??= openSync(path, 'r');
    read(file.fd, path, bytes, 0, rows * FINGERPRINT_BYTES, firstRow * FINGERPRINT_BYTES, firstRow + rows);
    const found = kernel.scan(0, rows, minCommon);
    // The window is all ones between chunks when the fold path is on.
    if (byFolds) bytes.fill(0xff, 0, rows * FINGERPRINT_BYTES);
    return found;
  };
  const scanByFolds = (firstRow: number, rows: number, minCommon: number): number => {
    file.fd ??= openSync(path, 'r');
    file.folds ??= openSync(foldPath!, 'r');
    read(file.folds, foldPath!, folds, 0, rows * FOLD_BYTES, firstRow * FOLD_BYTES, firstRow + rows);
    const passing = kernel.scan(0, rows, minCommon);
    if (passing === 0) return 0;
    for (let h = 0; h < passing; h++) candidates[h] = kernel.hits[2 * h]!;
    const runs: [number, number][] = [];
    // Many candidates (early in a scan, before the floor rises): one read of their span costs less than many small ones.
    if (passing > rows / DENSE_SHARE) runs.push([candidates[0]!, candidates[passing - 1]! + 1]);
    for (let h = runs.length > 0 ? passing : 0; h < passing; ) {
      const start = candidates[h]!;
      let end = start + 1;
      for (h++; h < passing && candidates[h]! - end < READ_GAP_ROWS; h++) end = candidates[h]! + 1;
      runs.push([start, end]);
    }
    for (const [start, end] of runs) read(file.fd, path, bytes, start * FINGERPRINT_BYTES, (end - start) * FINGERPRINT_BYTES, (firstRow + start) * FINGERPRINT_BYTES, firstRow + end);
    const found = kernel.scan(0, rows, minCommon);
    for (const [start, end] of runs) bytes.fill(0xff, start * FINGERPRINT_BYTES, end * FINGERPRINT_BYTES);
    return found;
  };
  const disk: CommonBitsKernel = {
    kind: kernel.kind,
    hits: kernel.hits,
    setQuery: (fingerprint) => kernel.setQuery(fingerprint),
    scan(firstRow: number, rows: number, minCommon: number): number {
      if (rows > KERNEL_CHUNK_ROWS) throw new EngineError('INVALID_REQUEST', `A disk scan reads at most ${KERNEL_CHUNK_ROWS} rows at a time, got ${rows}.`);
      // With no minimum every row is a hit: the bound cannot save a read.
      return byFolds && minCommon > 0 ? scanByFolds(firstRow, rows, minCommon) : scanAll(firstRow, rows, minCommon);
    },
    release,
  };
  openFiles.register(disk, file);
  return disk;
}
