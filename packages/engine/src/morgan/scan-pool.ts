import type { KernelKind } from './common-bits-kernel.ts';
import { MAX_SCAN_THREADS } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { WorkerPool } from '../pool/worker-pool.ts';

export interface ScanRequest {
  /** Shared memory and popcount table; posting them shares, not copies, the fingerprints. */
  column: FingerprintColumn;
  columnVersion: string;
  kernel: KernelKind;
  query: Uint8Array;
  limit: number;
  threshold: number;
  /** Shared row mask of the property filters (BitBoundOptions.mask). */
  mask?: Uint8Array;
  part: number;
  parts: number;
  /** Shared flag: set to 1 to stop the scan between chunks. */
  cancel: Int32Array;
  /** Shared k-th best similarity of all parts (see BitBoundOptions.sharedFloor). */
  sharedFloor: Int32Array;
}

export interface ScanResult {
  rows: Uint32Array;
  similarities: Float64Array;
  scannedRows: number;
  stopped: boolean;
}

export interface ScanProgressNote {
  scanned: number;
  candidates: number;
}

/** Worker threads that scan shared fingerprint columns; worker i owns scratch slot i + 1 (slot 0 is the caller's). */
export type ScanPool = WorkerPool<ScanRequest, ScanResult>;

export function createScanPool(threads: number): ScanPool {
  const size = Math.max(1, Math.min(threads, MAX_SCAN_THREADS - 1));
  return new WorkerPool<ScanRequest, ScanResult>({
    workerUrl: new URL('./scan-worker.ts', import.meta.url),
    size,
    name: 'search',
    workerData: (index) => ({ slot: index + 1 }),
    taskTimeoutMs: 600_000,
  });
}
