import type { Context } from 'hono';
import type { z } from 'zod';
import { invalidParameters } from './app-error.ts';

/**
 * The query string as the schemas expect it: a repeated parameter becomes a list (db_names=A&db_names=B),
 * a single one stays a string.
 */
function queryRecord(c: Context): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) record[key] = values.length === 1 ? values[0]! : values;
  return record;
}

/** Parses `input` with `schema`; on failure a 400 with the spec's message and one detail per problem. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw invalidParameters(
    parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'request', message: issue.message })),
  );
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, queryRecord(c));
}
