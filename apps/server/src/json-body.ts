import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { AppError, invalidParameters } from './app-error.ts';

/** Account and tracking bodies are small; anything near this size is refused before it is read. */
export const ACCOUNT_BODY_LIMIT = 16 * 1024;

export const accountBodyLimit = bodyLimit({
  maxSize: ACCOUNT_BODY_LIMIT,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: `The request body is larger than ${ACCOUNT_BODY_LIMIT / 1024} KB.` });
  },
});

/** The JSON body checked by `schema`; an empty body reads as {} so the schema names what is missing. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let json: unknown = {};
  if (text.trim().length > 0) {
    try {
      json = JSON.parse(text);
    } catch {
      throw invalidParameters([{ field: 'body', message: 'The body must be a JSON object.' }]);
    }
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
  // The first problem is the message a form shows (the spec's wording); every problem is in details.
  throw new AppError('INVALID_PARAMETERS', { message: details[0]!.message, details });
}
