import type { ApiErrorBody, ApiErrorDetail } from '@molsearch/api';
import { identitySettled } from './identity-gate.ts';

/** How a request failed; the messages are the spec's HTTP client texts. */
export type HttpFailure = 'network' | 'timeout' | 'aborted' | 'status';

/** A failed API request: `message` is the client text, `serverMessage` the API's own explanation when it sent one. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    message: string,
    readonly failure: HttpFailure,
    readonly status?: number,
    readonly code?: string,
    readonly serverMessage?: string,
    readonly details?: ApiErrorDetail[],
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | undefined | null | readonly string[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** About the caller's own searches: sent only once no identity change is under way (identity-gate.ts). */
  callersOwn?: boolean;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Milliseconds before the request is abandoned with "timeout exceeded"; none by default. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Builds `path?query`; arrays repeat the parameter, undefined and null are left out. */
export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value && typeof (value as ApiErrorBody).error?.message === 'string';
}

/** Sends a request and returns the parsed JSON (or text) answer; throws HttpError on any failure. */
export async function http<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (options.callersOwn) await identitySettled();
  const controller = new AbortController();
  let timedOut = false;
  const timer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs)
    : undefined;
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: options.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch {
    if (timedOut) throw new HttpError('timeout exceeded', 'timeout');
    if (controller.signal.aborted) throw new HttpError('Request aborted', 'aborted');
    // The browser's own wording ("Failed to fetch") differs per browser; callers get the spec's text only.
    throw new HttpError('Network Error', 'network');
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    const body = isErrorBody(parsed) ? parsed.error : undefined;
    throw new HttpError(`Request failed with status code ${response.status}`, 'status', response.status, body?.code, body?.message, body?.details);
  }
  return parsed as T;
}
