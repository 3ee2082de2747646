import { API_ERRORS } from '@molsearch/api';
import type { ApiErrorBody, ApiErrorCode } from '@molsearch/api';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './app-env.ts';
import { AppError, fromChemistryOrEngineError } from './app-error.ts';
import type { Logger } from './logger.ts';

/** Retry-After of a 429 whose refusal gave no estimate of its own: the length of a rate-limit window. */
const DEFAULT_RETRY_SECONDS = 60;

export function errorBody(code: ApiErrorCode, message: string, requestId: string, details?: ApiErrorBody['error']['details']): ApiErrorBody {
  return { error: details && details.length > 0 ? { code, message, details } : { code, message }, request_id: requestId };
}

/**
 * The one place errors become answers: known errors keep their status, code and message; anything
 * else is logged with the request id and answered as a plain 500 without internals.
 */
export function handleError(logger: Logger) {
  return (thrown: Error, c: Context<AppEnv>): Response => {
    const requestId = c.get('requestId') ?? 'unknown';
    const log = c.get('log') ?? logger.child({ request_id: requestId });
    const error = fromChemistryOrEngineError(thrown) ?? thrown;
    if (error instanceof AppError) {
      if (error.status >= 500) log.error('request failed', { code: error.code, error });
      else if (error.cause !== undefined) log.warn('request refused', { code: error.code, error: error.cause });
      // Every 429 tells the client when to come back; a refusal without its own estimate gets a minute.
      const retryAfter = error.retryAfterSeconds ?? (error.status === 429 ? DEFAULT_RETRY_SECONDS : undefined);
      if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
      return c.json(errorBody(error.code, error.message, requestId, error.details), error.status as ContentfulStatusCode);
    }
    log.error('unexpected error', { error, method: c.req.method, path: c.req.path });
    return c.json(errorBody('INTERNAL', API_ERRORS.INTERNAL.message, requestId), 500);
  };
}
