import { CHEMISTRY_ERROR_CODES, ChemistryError } from '@molsearch/chem';

/** Every code the engine answers with; the chemistry toolkit's codes pass through unchanged. */
export const ENGINE_ERROR_CODES = [
  'CATALOGUE_NOT_FOUND',
  'CATALOGUE_CORRUPT',
  'CATALOGUE_FORMAT',
  'CATALOGUE_CONFIG',
  'INVALID_SMILES',
  'INVALID_REQUEST',
  'METHOD_UNAVAILABLE',
  'IMPORT_FAILED',
  'ABORTED',
  'WORKER_FAILED',
  ...CHEMISTRY_ERROR_CODES,
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** The engine's one error type: a fixed code for callers to branch on and a message a user can read. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
  }
}

export function abortedError(what: string): EngineError {
  return new EngineError('ABORTED', `${what} was cancelled.`);
}

export function throwIfAborted(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw abortedError(what);
}

/** `code` when the engine knows it, else WORKER_FAILED: what a worker's reply or a foreign error maps to. */
export function engineErrorCode(code: string): EngineErrorCode {
  return (ENGINE_ERROR_CODES as readonly string[]).includes(code) ? (code as EngineErrorCode) : 'WORKER_FAILED';
}

/** An error as the engine reports it: its own and the toolkit's keep their code and message. */
export function asEngineError(error: unknown): EngineError | undefined {
  if (error instanceof EngineError) return error;
  if (error instanceof ChemistryError) return new EngineError(error.code, error.message, { cause: error });
  return undefined;
}
