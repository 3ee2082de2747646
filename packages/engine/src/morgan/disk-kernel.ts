import { closeSync, openSync, readSync } from 'node:fs';
import { FINGERPRINT_BYTES, POPCOUNT_SLOTS } from '../format/catalogue-format.ts';
import { EngineError } from '../format/engine-error.ts';
import type { CommonBitsKernel } from './common-bits-kernel.ts';
import { KERNEL_CHUNK_ROWS, allocateFingerprintMemory, fingerprintView } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';

/** Closes a disk kernel's file when the kernel is collected without release(). */
const openFiles = new FinalizationRegistry<{ fd?: number }>((file) => {
  if (file.fd !== undefined) closeSync(file.fd);
});

/**
 * A kernel over a column whose fingerprints stay in their file (FingerprintColumn.file): each chunk a
 * BitBound scan asks for (at most KERNEL_CHUNK_ROWS rows, 2 MiB) is read with one positioned read into a
 * window of this kernel's own, which `inner` (a kernel over the window) scans. Rows are popcount-ordered,
 * so a scan's chunks are consecutive reads of the file and the page cache serves repeated searches; the
 * process keeps the window (about 3.5 MiB a kernel), not the column. The window has no folds: folding a
 * chunk costs the full read the fold bound would save.
 */
export function createDiskKernel(column: FingerprintColumn, inner: (window: FingerprintColumn) => CommonBitsKernel): CommonBitsKernel {
  const path = column.file;
  if (path === undefined) throw new EngineError('INVALID_REQUEST', 'A disk kernel needs a column whose fingerprints stay in their file.');
  const window: FingerprintColumn = { memory: allocateFingerprintMemory(KERNEL_CHUNK_ROWS), count: KERNEL_CHUNK_ROWS, popcountStarts: new Uint32Array(POPCOUNT_SLOTS) };
  const bytes = fingerprintView(window);
  const kernel = inner(window);
  const file: { fd?: number } = {};
  const release = (): void => {
    if (file.fd !== undefined) closeSync(file.fd);
    delete file.fd;
  };
  const disk: CommonBitsKernel = {
    kind: kernel.kind,
    hits: kernel.hits,
    setQuery: (fingerprint) => kernel.setQuery(fingerprint),
    scan(firstRow: number, rows: number, minCommon: number): number {
      if (rows > KERNEL_CHUNK_ROWS) throw new EngineError('INVALID_REQUEST', `A disk scan reads at most ${KERNEL_CHUNK_ROWS} rows at a time, got ${rows}.`);
      file.fd ??= openSync(path, 'r');
      const length = rows * FINGERPRINT_BYTES;
      for (let filled = 0; filled < length; ) {
        const read = readSync(file.fd, bytes, filled, length - filled, firstRow * FINGERPRINT_BYTES + filled);
        if (read === 0) throw new EngineError('CATALOGUE_CORRUPT', `${path} ended before row ${firstRow + rows} of ${column.count}: re-import the catalogue.`);
        filled += read;
      }
      return kernel.scan(0, rows, minCommon);
    },
    release,
  };
  openFiles.register(disk, file);
  return disk;
}
