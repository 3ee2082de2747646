import { ACCOUNT_OPERATIONS, API_KEY_MESSAGES, API_OPERATIONS, MAX_PAGE_SIZE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PROMOTION_MESSAGES, RATE_LIMITS } from '@molsearch/api';
import { describe, expect, it } from 'vitest';
import { renderDocsPage } from './docs-page.ts';
import { buildOpenApiDocument } from './openapi.ts';

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument('test');

  it('is OpenAPI 3.1 with every Search API call of the spec', () => {
    expect(document.openapi).toBe('3.1.0');
    const calls = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/random_molecule',
        'GET /api/submit_molsearch',
        'GET /api/job_status',
        'GET /api/get_molsearch_page',
        'POST /api/prepare_download',
        'GET /api/get_download_link',
        'GET /api/databases',
        'GET /api/get_sim_histograms',
        'GET /api/health',
      ]),
    );
    expect(calls).toHaveLength(API_OPERATIONS.length + 1 + ACCOUNT_OPERATIONS.length);
  });

  it('describes parameters from the validating schemas: names, requirement, bounds and defaults', () => {
    const page = document.paths['/api/get_molsearch_page']!.get!;
    const byName = Object.fromEntries(page.parameters.map((parameter) => [parameter.name, parameter]));
    expect(Object.keys(byName).sort()).toEqual(['db_name', 'include_properties', 'job_name', 'page_num', 'page_size', 'sim_th']);
    expect(byName.job_name!.required).toBe(true);
    expect(byName.page_size).toMatchObject({ required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 30 } });
    expect(byName.sim_th!.schema).toMatchObject({ type: 'number', minimum: 0, maximum: 1 });
    const submit = document.paths['/api/submit_molsearch']!.get!;
    expect(submit.parameters.find((parameter) => parameter.name === 'search_type')!.schema.enum).toEqual(['espsim_electrostatic', 'espsim_shape', 'morgan', 'consensus']);
    expect(document.paths['/api/prepare_download']!.post!.requestBody).toBeDefined();
  });

  it('lists each call\'s errors with the spec\'s texts', () => {
    const submit = document.paths['/api/submit_molsearch']!.get!;
    expect(submit.responses['400']!.description).toContain('Invalid search parameters. Please check your input.');
    expect(submit.responses['429']).toBeDefined();
    expect(document.paths['/api/job_status']!.get!.responses['404']!.description).toContain('JOB_NOT_FOUND');
    expect(document.paths['/api/job_status']!.get!.responses['410']).toBeDefined();
    // A hit's pose reads its catalogue, which may not be served at that moment.
    expect(document.paths['/api/get_hit_pose']!.get!.responses['503']!.description).toContain('UNAVAILABLE');
  });

  it('documents the account endpoints from the schemas that validate them, and the API key schemes', () => {
    const create = document.paths['/api/api-keys']!.post!;
    const body = create.requestBody!.content['application/json']!.schema as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(body.properties.key_name).toMatchObject({ type: 'string', minLength: 3, maxLength: 50 });
    expect(body.properties.expiration_days).toMatchObject({ minimum: 1, maximum: 730, default: 365 });
    expect(create.responses['201']).toBeDefined();
    expect(create.responses['409']!.description).toContain(API_KEY_MESSAGES.tooMany);
    expect(document.paths['/api/api-keys/{id}']!.delete!.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(document.paths['/api/track/search']!.post!.responses['204']).toBeDefined();
    const promote = document.paths['/api/account/promote']!.post!;
    const promoteBody = promote.requestBody!.content['application/json']!.schema as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(promoteBody.required).toEqual(['email', 'password']);
    expect(promoteBody.properties.password).toMatchObject({ type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
    expect(promote.responses['400']!.description).toContain(PROMOTION_MESSAGES.notAnonymous);
    expect(promote.responses['409']!.description).toContain(PROMOTION_MESSAGES.emailTaken);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(document.info.description).toContain(`${RATE_LIMITS.free.downloadsPerMinute} downloads/min`);
  });

  it('renders a self-contained docs page with the operations, the limits and a Python example', () => {
    const page = renderDocsPage(document);
    expect(page).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    for (const operation of API_OPERATIONS) expect(page).toContain(operation.path);
    expect(page).toContain(String(RATE_LIMITS.anonymous.requestsPerMinute));
    expect(page).toContain(`<td>${RATE_LIMITS.pro.downloadsPerMinute}</td>`);
    expect(page).toContain('X-API-Key: ck_...');
    expect(page).toContain('Authorization: Bearer ck_...');
    expect(page).toContain('import requests');
    expect(page).toContain('get_download_link');
  });
});
