import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { AppError, invalidParameters } from './app-error.ts';

/** Account and tracking bodies are small; anything near this size is refused before it is read. */
export const ACCOUNT_BODY_LIMIT = 16 * 1024;

const ACCOUNT_BODY_SHOWN = `${ACCOUNT_BODY_LIMIT / 1024} KB`;

/** The refusal of a body over the limit; `shownSize` is the limit as the message names it. */
export function payloadTooLarge(shownSize: string = ACCOUNT_BODY_SHOWN): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', { message: `The request body is larger than ${shownSize}.` });
}

/** Refuses a body over `maxSize` bytes before it is read; `shownSize` is the limit as the message names it. */
export function limitBody(maxSize: number, shownSize: string): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw payloadTooLarge(shownSize);
    },
  });
}

export const accountBodyLimit = limitBody(ACCOUNT_BODY_LIMIT, ACCOUNT_BODY_SHOWN);

/** The body parsed as JSON, or {} when empty so a schema names what is missing; `notJson` is the message otherwise. */
export async function readJsonBody(c: Context, notJson: string): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim().length === 0) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidParameters([{ field: 'body', message: notJson }]);
  }
}

/** The JSON body checked by `schema`; an empty body reads as {} so the schema names what is missing. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const json = await readJsonBody(c, 'The body must be a JSON object.');
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
  // The first problem is the message a form shows (the spec's wording); every problem is in details.
  throw new AppError('INVALID_PARAMETERS', { message: details[0]!.message, details });
}
