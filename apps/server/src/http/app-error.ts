import { API_ERRORS } from '@molsearch/api';
import { ChemistryError } from '@molsearch/chem';
import { EngineError } from '@molsearch/engine';
import type { ApiErrorCode, ApiErrorDetail } from '@molsearch/api';

/**
 * The one error type services throw for anything a caller should see: a fixed code (mapped to an
 * HTTP status only at the edge), a message a user can read, optional per-field details and a cause for the log.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ApiErrorCode;
  readonly details: ApiErrorDetail[] | undefined;
  /** Sent as Retry-After with rate-limit answers. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ApiErrorCode,
    options: { message?: string | undefined; details?: ApiErrorDetail[]; cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(options.message ?? API_ERRORS[code].message, { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return API_ERRORS[this.code].status;
  }
}

export function invalidParameters(details: ApiErrorDetail[]): AppError {
  return new AppError('INVALID_PARAMETERS', { details });
}

/** Seconds a client waits before retrying while the chemistry toolkit is replaced (it takes well under one). */
const TOOLKIT_RETRY_SECONDS = 1;
/** Seconds a client waits before asking again for a catalogue that is not served: time for a restarting search node to announce its parts again. */
const CATALOGUE_RETRY_SECONDS = 10;
export const CATALOGUE_UNAVAILABLE = 'A database this request reads is not available on this server right now. Please try again shortly.';

/**
 * The answer for a molecule the toolkit could not process (422), a toolkit being replaced (503) or a
 * catalogue that is not served at the moment (503, without the engine's message, which may name a path),
 * whether the chemistry package or the engine reported it; undefined for any other error.
 */
export function fromChemistryOrEngineError(error: unknown): AppError | undefined {
  const code = error instanceof ChemistryError || error instanceof EngineError ? error.code : undefined;
  if (code === 'MOLECULE_TOO_COMPLEX') return new AppError('MOLECULE_TOO_COMPLEX', { message: (error as Error).message, cause: error });
  if (code === 'CHEMISTRY_UNAVAILABLE') {
    return new AppError('UNAVAILABLE', { message: (error as Error).message, cause: error, retryAfterSeconds: TOOLKIT_RETRY_SECONDS });
  }
  if (code === 'CATALOGUE_NOT_FOUND') return new AppError('UNAVAILABLE', { message: CATALOGUE_UNAVAILABLE, cause: error, retryAfterSeconds: CATALOGUE_RETRY_SECONDS });
  return undefined;
}
