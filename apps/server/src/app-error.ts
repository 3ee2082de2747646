import { API_ERRORS } from '@molsearch/api';
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
