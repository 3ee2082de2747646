import { MAX_QUERY_SMILES_LENGTH } from '@molsearch/api';
import { computeProperties, loadRDKit, standardizeSmiles, validateSmiles } from '@molsearch/chem';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { invalidParameters } from '../http/app-error.ts';
import { parseQuery } from '../http/validation.ts';

const propertiesQuery = z.object({ smiles: z.string().trim().min(1, 'SMILES string cannot be empty').max(MAX_QUERY_SMILES_LENGTH) });

/**
 * The property columns of one molecule, standardised as catalogue molecules are at import, so the web app
 * can show a query's values beside its hits'.
 */
export function propertiesRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/properties', async (c) => {
    const { smiles } = parseQuery(c, propertiesQuery);
    // After a molecule broke the toolkit, the next request waits for its replacement.
    await loadRDKit();
    const checked = validateSmiles(smiles);
    if (!checked.ok) throw invalidParameters([{ field: 'smiles', message: checked.message }]);
    const standard = standardizeSmiles(checked.smiles);
    const properties = standard && computeProperties(standard.smiles);
    if (!properties) throw invalidParameters([{ field: 'smiles', message: 'Invalid SMILES structure' }]);
    return c.json(properties);
  });
  return routes;
}
