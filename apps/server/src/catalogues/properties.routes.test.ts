import { loadRDKit } from '@molsearch/chem';
import { Hono } from 'hono';
import { closeSearchPool } from '@molsearch/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/app-env.ts';
import { handleError } from '../http/error-handler.ts';
import { createLogger } from '../http/logger.ts';
import { propertiesRoutes } from './properties.routes.ts';

function app(): Hono<AppEnv> {
  const root = new Hono<AppEnv>();
  root.route('/api', propertiesRoutes());
  root.onError(handleError(createLogger('silent')));
  return root;
}

describe('GET /api/properties', () => {
  beforeAll(() => loadRDKit());

  it('gives the property columns of the standardised molecule, as catalogue rows carry them', async () => {
    // Aspirin as its sodium salt: the counter-ion goes and the acid is neutralised, as at import.
    const response = await app().request(`/api/properties?smiles=${encodeURIComponent('CC(=O)Oc1ccccc1C(=O)[O-].[Na+]')}`);
    expect(response.status).toBe(200);
    const properties = (await response.json()) as Record<string, unknown>;
    expect(properties).toMatchObject({ formula: 'C9H8O4', hbd: 1, hba: 3, heavy_atoms: 13, lipinski_violations: 0, veber_pass: true });
    expect(properties.mw).toBeCloseTo(180.159, 2);
    expect(properties.qed).toBeGreaterThan(0);
  });

  it.each([
    ['an unparsable SMILES', 'C1CC'],
    ['a blank SMILES', '%20'],
  ])('refuses %s with 400 on the smiles field', async (_case, smiles) => {
    const response = await app().request(`/api/properties?smiles=${smiles}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { details: { field: string }[] } };
    expect(body.error.details[0]!.field).toBe('smiles');
  });
});

describe('GET /api/predictions', () => {
  afterAll(() => closeSearchPool());

  it("answers OpenChemLib's predictions of a molecule, named as predictions, the second time from what it kept", async () => {
    const routes = app();
    const first = await routes.request(`/api/predictions?smiles=${encodeURIComponent('CC(=O)Oc1ccccc1C(=O)O')}`);
    expect(first.status).toBe(200);
    const predicted = (await first.json()) as Record<string, unknown>;
    expect(predicted.source).toContain('predictions');
    expect(predicted.logS).toBeLessThan(0);
    expect(['none', 'low', 'high', 'unknown']).toContain(predicted.mutagenic);
    const again = await routes.request(`/api/predictions?smiles=${encodeURIComponent('CC(=O)Oc1ccccc1C(=O)O')}`);
    expect(await again.json()).toEqual(predicted);
  }, 60_000);

  it('refuses a molecule OpenChemLib cannot read with 400', async () => {
    expect((await app().request('/api/predictions?smiles=not-a-molecule')).status).toBe(400);
  }, 60_000);
});
