import { ACCOUNT_OPERATIONS, API_ERRORS, API_OPERATIONS, RATE_LIMITS } from '@molsearch/api';
import type { ApiErrorCode, ApiOperation } from '@molsearch/api';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  'x-error-codes': ApiErrorCode[];
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'delete', OpenApiOperation>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
  /** Every call works without credentials too (as a visitor), hence the empty alternative. */
  security: Record<string, string[]>[];
}

function jsonSchema(schema: z.ZodType): JsonSchema {
  // Requests are described as sent (strings coerced to numbers, 'true'/'false' flags), answers as produced.
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function queryParameters(operation: ApiOperation): OpenApiParameter[] {
  if (!operation.query) return [];
  const object = jsonSchema(operation.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema as JsonSchema & { description?: string };
    const parameter: OpenApiParameter = { name, in: 'query', required: (object.required ?? []).includes(name), schema: rest };
    if (typeof description === 'string') parameter.description = description;
    return parameter;
  });
}

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error', 'request_id'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(API_ERRORS) },
        message: { type: 'string' },
        details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
    request_id: { type: 'string' },
  },
};

function errorResponses(codes: ApiErrorCode[]): OpenApiOperation['responses'] {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes) byStatus.set(API_ERRORS[code].status, [...(byStatus.get(API_ERRORS[code].status) ?? []), code]);
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: group.map((code) => `${code}: ${API_ERRORS[code].message}`).join(' | '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

function rateLimitText(): string {
  return Object.entries(RATE_LIMITS)
    .map(
      ([tier, limits]) =>
        `${tier}: ${limits.requestsPerMinute} requests/min, ${limits.submissionsPerMinute} searches/min, ${limits.downloadsPerMinute} downloads/min, ${limits.activeJobs} searches waiting or running`,
    )
    .join('; ');
}

/** The OpenAPI 3.1 document, generated from the schemas the server validates with. */
export function buildOpenApiDocument(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of API_OPERATIONS) {
    const entry: OpenApiOperation = {
      operationId: operation.id,
      summary: operation.summary,
      description: operation.description,
      parameters: queryParameters(operation),
      responses: {
        '200': { description: 'Success', content: { [operation.answerMediaType ?? 'application/json']: { schema: jsonSchema(operation.answer) } } },
        ...errorResponses(operation.errors),
      },
      'x-error-codes': operation.errors,
    };
    if (operation.body) entry.requestBody = { required: false, content: { 'application/json': { schema: jsonSchema(operation.body) } } };
    paths[operation.path] = { ...paths[operation.path], [operation.method]: entry };
  }
  paths['/api/downloads/{id}/{name}'] = {
    get: {
      operationId: 'downloadFile',
      summary: 'A prepared download file',
      description: 'The file itself; its path is the download_link of get_download_link. Files expire.',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
      ],
      responses: {
        '200': {
          description: 'The file (CSV, SDF, SMILES or XLSX)',
          content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        },
        ...errorResponses(['FILE_NOT_FOUND', 'RATE_LIMITED', 'INTERNAL']),
      },
      'x-error-codes': ['FILE_NOT_FOUND', 'RATE_LIMITED', 'INTERNAL'],
    },
  };
  for (const operation of ACCOUNT_OPERATIONS) {
    const success = operation.status ?? 200;
    const entry: OpenApiOperation = {
      operationId: operation.id,
      summary: operation.summary,
      description: operation.description,
      parameters: (operation.pathParameters ?? []).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      responses: {
        [String(success)]: operation.answer
          ? { description: 'Success', content: { 'application/json': { schema: jsonSchema(operation.answer) } } }
          : { description: 'Recorded (no body)' },
        ...errorResponses(operation.errors),
      },
      'x-error-codes': operation.errors,
    };
    if (operation.body) entry.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(operation.body) } } };
    paths[operation.path] = { ...paths[operation.path], [operation.method]: entry };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'molsearch Search API',
      version,
      description:
        'Similarity search over purchasable compound catalogues. Submit a search, poll its status, then read pages, ' +
        'histograms and downloads. Errors answer JSON {"error": {"code", "message"}, "request_id"}. ' +
        `Rate limits per caller: ${rateLimitText()}; a 429 carries Retry-After in seconds. ` +
        'Send an API key as X-API-Key or Authorization: Bearer to act as its owner with the owner\'s tier; a wrong or expired key answers 401.',
    },
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'ck_ followed by 32 letters or digits.' },
        bearerKey: { type: 'http', scheme: 'bearer', description: 'The same API key as a bearer token.' },
        session: { type: 'apiKey', in: 'cookie', name: 'molsearch.session_token', description: 'The web app\'s session (set by /api/auth/*).' },
      },
    },
    security: [{}, { apiKey: [] }, { bearerKey: [] }, { session: [] }],
  };
}
