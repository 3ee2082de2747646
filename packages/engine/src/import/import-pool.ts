import { CHEMISTRY_MESSAGES } from '@molsearch/chem';
import type { PreparedBatch } from '../features/prepared-batch.ts';
import { StalledTaskError, WorkerPool } from '../pool/worker-pool.ts';
import { CATALOGUE_PROPERTIES, prepareMolecules, refusedRow } from '../features/prepare-molecules.ts';
import { textProperties } from '../features/prepared-batch.ts';
import { concatBytes, concatFloats } from '../format/packed-bytes.ts';
import type { InputMolecule, PrepareRequest } from '../features/prepare-molecules.ts';

/** Prepares batches on `workers` threads, or on the calling thread when workers is 0. */
export interface MoleculePreparer {
  prepare(request: PrepareRequest): Promise<PreparedBatch>;
  close(): Promise<void>;
}

export interface PreparerOptions {
  /**
   * A row that takes longer is reported as too complex and its worker replaced (default 60 s: thirty
   * times the conformer budget of a molecule). Only rows on worker threads are watched.
   */
  rowTimeoutMs?: number;
  /** The module the workers run; a test points it at one that can be made to hang. */
  workerUrl?: URL;
}

export const DEFAULT_ROW_TIMEOUT_MS = 60_000;

export function createPreparer(workers: number, options: PreparerOptions = {}): MoleculePreparer {
  if (workers <= 0) {
    return { prepare: (request) => prepareMolecules(request), close: async () => {} };
  }
  const rowTimeoutMs = options.rowTimeoutMs ?? DEFAULT_ROW_TIMEOUT_MS;
  const pool = new WorkerPool<PrepareRequest, PreparedBatch>({
    workerUrl: options.workerUrl ?? new URL('./import-worker.ts', import.meta.url),
    size: workers,
    name: 'import',
    // Generous: the first batch of a worker also loads RDKit before its first row.
    taskTimeoutMs: 300_000,
    // A row the toolkit never finishes (RDKit's WebAssembly build can loop after overflowing its stack on a
    // long chain, when the size limits are raised) cannot be stopped on its own thread; its worker can.
    stepTimeoutMs: rowTimeoutMs,
  });
  const prepare = async (request: PrepareRequest): Promise<PreparedBatch> => {
    try {
      return await pool.run(request);
    } catch (error) {
      const stalled = error instanceof StalledTaskError ? error.step : undefined;
      const row = stalled === undefined ? undefined : request.molecules[stalled];
      if (stalled === undefined || !row) throw error;
      // The rows before the stuck one are prepared again (their results died with the worker), the rows after it too.
      const [before, after] = await Promise.all([
        prepareRows(prepare, request, request.molecules.slice(0, stalled)),
        prepareRows(prepare, request, request.molecules.slice(stalled + 1)),
      ]);
      return joinBatches(request, before, refusedRow(row, `${CHEMISTRY_MESSAGES.tooComplex}: not finished within ${rowTimeoutMs / 1000} s`), after);
    }
  };
  return { prepare, close: () => pool.close() };
}

async function prepareRows(prepare: (request: PrepareRequest) => Promise<PreparedBatch>, request: PrepareRequest, molecules: readonly InputMolecule[]): Promise<PreparedBatch | undefined> {
  return molecules.length > 0 ? prepare({ ...request, molecules }) : undefined;
}

/** `before`'s rows, the refused row, then `after`'s rows, in input order, as one batch of `request`. */
function joinBatches(request: PrepareRequest, before: PreparedBatch | undefined, refused: { line: number; message: string }, after: PreparedBatch | undefined): PreparedBatch {
  const parts = [before, after].filter((part): part is PreparedBatch => part !== undefined);
  const joined: PreparedBatch = {
    lines: parts.flatMap((part) => part.lines),
    ids: parts.flatMap((part) => part.ids),
    smiles: parts.flatMap((part) => part.smiles),
    fingerprints: concatBytes(parts.map((part) => part.fingerprints)),
    numbers: concatFloats(parts.map((part) => part.numbers)),
    texts: textProperties(request.properties ?? CATALOGUE_PROPERTIES).map((_, t) => parts.flatMap((part) => part.texts[t] ?? [])),
    rejected: [...(before?.rejected ?? []), refused, ...(after?.rejected ?? [])],
  };
  if (request.shape) {
    joined.models = parts.flatMap((part) => part.models ?? []);
    joined.chargeFallbacks = parts.reduce((sum, part) => sum + (part.chargeFallbacks ?? 0), 0);
  }
  return joined;
}
