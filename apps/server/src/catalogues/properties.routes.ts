import { MAX_QUERY_SMILES_LENGTH } from '@molsearch/api';
import { computeProperties, loadRDKit, standardizeSmiles, validateSmiles } from '@molsearch/chem';
import type { OclPredictions } from '@molsearch/chem';
import { predictMolecule, predictionPool } from '@molsearch/engine';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { invalidParameters } from '../http/app-error.ts';
import { parseQuery } from '../http/validation.ts';

const propertiesQuery = z.object({ smiles: z.string().trim().min(1, 'SMILES string cannot be empty').max(MAX_QUERY_SMILES_LENGTH) });

/** Molecules whose predictions are kept: a detail view is opened again and again for the best hits. */
const KEPT_PREDICTIONS = 2000;

/**
 * The property columns of one molecule, standardised as catalogue molecules are at import, so the web app
 * can show a query's values beside its hits'; and OpenChemLib's predictions of one molecule for a hit's
 * detail view.
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

  // OpenChemLib's predictions of one molecule, on a worker thread (drug-likeness alone runs thousands of
  // substructure searches) and kept, most recent last, so a detail view opened again answers at once.
  const predictions = new Map<string, Promise<OclPredictions | undefined>>();
  routes.get('/predictions', async (c) => {
    const { smiles } = parseQuery(c, propertiesQuery);
    let predicted = predictions.get(smiles);
    if (predicted) predictions.delete(smiles);
    else predicted = predictMolecule(predictionPool(), smiles);
    predictions.set(smiles, predicted);
    while (predictions.size > KEPT_PREDICTIONS) predictions.delete(predictions.keys().next().value!);
    const answer = await predicted.catch((error: unknown) => {
      predictions.delete(smiles);
      throw error;
    });
    if (!answer) throw invalidParameters([{ field: 'smiles', message: 'Invalid SMILES structure' }]);
    return c.json({ ...answer, source: 'OpenChemLib (OSIRIS) predictions' });
  });
  return routes;
}
