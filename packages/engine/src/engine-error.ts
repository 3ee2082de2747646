export type EngineErrorCode =
  | 'CATALOGUE_NOT_FOUND'
  | 'CATALOGUE_CORRUPT'
  | 'CATALOGUE_FORMAT'
  | 'CATALOGUE_CONFIG'
  | 'INVALID_SMILES'
  | 'INVALID_REQUEST'
  | 'METHOD_UNAVAILABLE'
  | 'IMPORT_FAILED'
  | 'ABORTED'
  | 'WORKER_FAILED';

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
