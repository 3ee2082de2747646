import { closeSync, openSync, readSync } from 'node:fs';
import { popcount } from '@molsearch/chem';
import { FINGERPRINT_BYTES, POPCOUNT_SLOTS } from '../format/catalogue-format.ts';
import { EngineError } from '../format/engine-error.ts';
import { FOLD_GROUP_ROWS } from '../format/fingerprint-fold.ts';
import type { CommonBitsKernel } from './common-bits-kernel.ts';
import { FOLD_BYTES, KERNEL_CHUNK_ROWS, allocateFingerprintMemory, fingerprintView, foldsOffset } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { FoldBitsWindows } from './fold-bits-windows.ts';
import { foldBitsBound, foldWeights } from './wasm-kernel.ts';

/** Closes a disk kernel's files when the kernel is collected without release(). */
const openFiles = new FinalizationRegistry<{ fd?: number; bits?: number }>((file) => {
  if (file.fd !== undefined) closeSync(file.fd);
  if (file.bits !== undefined) closeSync(file.bits);
});

/** Candidate rows closer than this are read with one read (the rows between are read and scanned too). */
const READ_GAP_ROWS = 16;
/** More candidates than a chunk's rows / DENSE_SHARE are read as one span. */
const DENSE_SHARE = 16;

export interface DiskKernelOptions {
  /** Scan behind the fold bound when the column has a fold bits file (default true); false reads every byte. */
  foldBound?: boolean;
  /** Caps the rows of a fold bits window (fold-bits-windows.ts MAX_WINDOW_ROWS), to test many refills on a small column. */
  foldBitsWindowRows?: number;
}

/**
 * A kernel over a column whose fingerprints stay in their file (FingerprintColumn.file): each chunk a
 * BitBound scan asks for (at most KERNEL_CHUNK_ROWS rows, 2 MiB) is read with positioned reads into a
 * window of this kernel's own, which `inner` (a kernel over the window, reading every byte) scans. Rows
 * are popcount-ordered, so a scan's chunks are consecutive reads of the file and the page cache serves
 * repeated searches; the process keeps the window (about 2.5 MiB a kernel, 4 MiB more with fold bits), not the column.
 *
 * When the column's folds are in a fold bits file (FingerprintColumn.foldBitsFile) and the SIMD kernel
 * runs, a chunk with a minimum to reach costs the fold bits of the query's groups (one bit a row for each
 * of a few dozen of the 256 columns, read many blocks at a time: fold-bits-windows.ts) and the few
 * fingerprints whose fold bound reaches the minimum; only those are read and scanned. Without a fold bits
 * file every byte is read.
 */
export function createDiskKernel(column: FingerprintColumn, inner: (window: FingerprintColumn) => CommonBitsKernel, options: DiskKernelOptions = {}): CommonBitsKernel {
  const path = column.file;
  if (path === undefined) throw new EngineError('INVALID_REQUEST', 'A disk kernel needs a column whose fingerprints stay in their file.');
  const bitsPath = options.foldBound === false ? undefined : column.foldBitsFile;
  // After the window's fingerprints and (unused) fold region: the bound's output, then the fold bits windows.
  const outputBytes = (KERNEL_CHUNK_ROWS + 2 * FOLD_GROUP_ROWS) * 4;
  const extraBytes = bitsPath !== undefined ? outputBytes + FoldBitsWindows.BYTES : 0;
  const window: FingerprintColumn = { memory: allocateFingerprintMemory(KERNEL_CHUNK_ROWS, extraBytes), count: KERNEL_CHUNK_ROWS, popcountStarts: new Uint32Array(POPCOUNT_SLOTS) };
  const bytes = fingerprintView(window);
  const kernel = inner(window);
  const bound = bitsPath !== undefined && kernel.kind !== 'js' ? foldBitsBound(window) : undefined;
  const outputAt = foldsOffset(window) + KERNEL_CHUNK_ROWS * FOLD_BYTES;
  // Empty without a fold bits file: the memory has no room for it then.
  const passing = extraBytes > 0 ? new Uint32Array(window.memory.buffer, outputAt, outputBytes / 4) : new Uint32Array(0);
  const hits = new Uint32Array(KERNEL_CHUNK_ROWS * 2);
  const candidates = new Uint32Array(KERNEL_CHUNK_ROWS);
  const file: { fd?: number; bits?: number } = {};
  const release = (): void => {
    if (file.fd !== undefined) closeSync(file.fd);
    if (file.bits !== undefined) closeSync(file.bits);
    delete file.fd;
    delete file.bits;
  };
  const read = (fd: number, name: string, target: Uint8Array, at: number, length: number, position: number, lastRow: number): void => {
    for (let filled = 0; filled < length; ) {
      const got = readSync(fd, target, at + filled, length - filled, position + filled);
      if (got === 0) throw new EngineError('CATALOGUE_CORRUPT', `${name} ended before row ${lastRow} of ${column.count}: re-import the catalogue.`);
      filled += got;
    }
  };
  const readFingerprints = (firstRow: number, start: number, end: number): void => {
    file.fd ??= openSync(path, 'r');
    read(file.fd, path, bytes, start * FINGERPRINT_BYTES, (end - start) * FINGERPRINT_BYTES, (firstRow + start) * FINGERPRINT_BYTES, firstRow + end);
  };
  /** Scans rows [start, end) of the chunk at firstRow, already in the window, adding their hits after the `found` ones. */
  const scanRun = (start: number, end: number, minCommon: number, found: number): number => {
    const more = kernel.scan(start, end - start, minCommon);
    for (let h = 0; h < more; h++) {
      hits[2 * (found + h)] = start + kernel.hits[2 * h]!;
      hits[2 * (found + h) + 1] = kernel.hits[2 * h + 1]!;
    }
    return found + more;
  };
  const scanAll = (firstRow: number, rows: number, minCommon: number): number => {
    readFingerprints(firstRow, 0, rows);
    return scanRun(0, rows, minCommon, 0);
  };
  const windows = bound
    ? new FoldBitsWindows(column, window.memory, outputAt + outputBytes, (target, length, position, lastRow) => {
        file.bits ??= openSync(bitsPath!, 'r');
        read(file.bits, bitsPath!, target, 0, length, position, lastRow);
      }, options.foldBitsWindowRows)
    : undefined;
  const scanByBits = (firstRow: number, rows: number, minCommon: number, runEnd: number): number => {
    const held = windows!.hold(firstRow, rows, runEnd);
    const firstGroup = Math.floor((firstRow - held.start) / FOLD_GROUP_ROWS);
    const endGroup = Math.ceil((firstRow + rows - held.start) / FOLD_GROUP_ROWS);
    const reached = bound!(held.termsAt, held.termCount, firstGroup, endGroup, minCommon, outputAt);
    let count = 0;
    for (let h = 0; h < reached; h++) {
      const row = held.start + passing[h]! - firstRow;
      if (row >= 0 && row < rows) candidates[count++] = row;
    }
    if (count === 0) return 0;
    // Many candidates (early in a scan, before the floor rises): one read of their span costs less than many small ones.
    if (count > rows / DENSE_SHARE) {
      readFingerprints(firstRow, candidates[0]!, candidates[count - 1]! + 1);
      return scanRun(candidates[0]!, candidates[count - 1]! + 1, minCommon, 0);
    }
    let found = 0;
    for (let h = 0; h < count; ) {
      const start = candidates[h]!;
      let end = start + 1;
      for (h++; h < count && candidates[h]! - end < READ_GAP_ROWS; h++) end = candidates[h]! + 1;
      readFingerprints(firstRow, start, end);
      found = scanRun(start, end, minCommon, found);
    }
    return found;
  };
  const disk: CommonBitsKernel = {
    kind: bound ? 'wasm' : kernel.kind,
    hits,
    setQuery(fingerprint) {
      kernel.setQuery(fingerprint);
      windows?.setQuery(foldWeights(fingerprint), popcount(fingerprint));
    },
    scan(firstRow: number, rows: number, minCommon: number, runEnd = firstRow + rows): number {
      if (rows > KERNEL_CHUNK_ROWS) throw new EngineError('INVALID_REQUEST', `A disk scan reads at most ${KERNEL_CHUNK_ROWS} rows at a time, got ${rows}.`);
      // With no minimum every row is a hit: the bound cannot save a read.
      return bound && minCommon > 0 ? scanByBits(firstRow, rows, minCommon, runEnd) : scanAll(firstRow, rows, minCommon);
    },
    release,
  };
  openFiles.register(disk, file);
  return disk;
}
