import { abortedError } from '../format/engine-error.ts';
import type { CommonBitsKernel, KernelKind } from './common-bits-kernel.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { createKernel } from './select-kernel.ts';
import { bitBoundScan } from './bitbound-scan.ts';
import type { ScanPool, ScanProgressNote } from './scan-pool.ts';
import { mergeHits } from './top-hits.ts';

export interface MorganScanOptions {
  limit: number;
  threshold: number;
  /** Only rows marked 1 may be hits (search/property-mask.ts); shared memory, so workers read it in place. */
  mask?: Uint8Array;
  kernel?: KernelKind;
  /** Splits the scan over the pool's workers; without a pool the calling thread scans. */
  pool?: ScanPool;
  signal?: AbortSignal;
  /** Fraction 0..1 of the rows in play that have been scanned. */
  onProgress?: (fraction: number) => void;
}

export interface MorganHits {
  rows: Uint32Array;
  similarities: Float64Array;
  scannedRows: number;
}

const mainThreadKernels = new WeakMap<FingerprintColumn, Map<KernelKind, CommonBitsKernel>>();

/** Exact top hits of `query` in one fingerprint column; single-thread and pool give identical results. */
export async function morganScan(column: FingerprintColumn, columnVersion: string, query: Uint8Array, options: MorganScanOptions): Promise<MorganHits> {
  if (options.signal?.aborted) throw abortedError('The search');
  const hits = options.pool ? await poolScan(options.pool, column, columnVersion, query, options) : threadScan(column, query, options);
  if (options.signal?.aborted) throw abortedError('The search');
  return hits;
}

function threadScan(column: FingerprintColumn, query: Uint8Array, options: MorganScanOptions): MorganHits {
  const kind = options.kernel ?? 'wasm';
  let kernels = mainThreadKernels.get(column);
  if (!kernels) mainThreadKernels.set(column, (kernels = new Map()));
  let kernel = kernels.get(kind);
  if (!kernel) kernels.set(kind, (kernel = createKernel(column, 0, kind)));
  const result = bitBoundScan(column, kernel, query, {
    limit: options.limit,
    threshold: options.threshold,
    ...(options.mask ? { mask: options.mask } : {}),
    shouldStop: () => options.signal?.aborted === true,
    onProgress: (scanned, candidates) => options.onProgress?.(candidates === 0 ? 1 : scanned / candidates),
  });
  return { rows: result.rows, similarities: result.similarities, scannedRows: result.scannedRows };
}

async function poolScan(pool: ScanPool, column: FingerprintColumn, columnVersion: string, query: Uint8Array, options: MorganScanOptions): Promise<MorganHits> {
  const cancel = new Int32Array(new SharedArrayBuffer(4));
  const sharedFloor = new Int32Array(new SharedArrayBuffer(4));
  const stop = (): void => {
    Atomics.store(cancel, 0, 1);
  };
  options.signal?.addEventListener('abort', stop, { once: true });
  const parts = pool.size;
  const notes: ScanProgressNote[] = Array.from({ length: parts }, () => ({ scanned: 0, candidates: 0 }));
  try {
    const results = await Promise.all(
      notes.map((_, part) =>
        pool.run(
          { column, columnVersion, kernel: options.kernel ?? 'wasm', query, limit: options.limit, threshold: options.threshold, ...(options.mask ? { mask: options.mask } : {}), part, parts, cancel, sharedFloor },
          {
            worker: part,
            onProgress: (note) => {
              notes[part] = note as ScanProgressNote;
              const scanned = notes.reduce((sum, n) => sum + n.scanned, 0);
              const candidates = notes.reduce((sum, n) => sum + n.candidates, 0);
              if (candidates > 0) options.onProgress?.(Math.min(1, scanned / candidates));
            },
          },
        ),
      ),
    );
    const merged = mergeHits(results, options.limit);
    return { ...merged, scannedRows: results.reduce((sum, r) => sum + r.scannedRows, 0) };
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
}
