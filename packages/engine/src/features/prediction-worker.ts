// Worker thread of the prediction pool: OpenChemLib's predictions of one molecule at a time.
import { loadOpenChemLib, predictOclProperties } from '@molsearch/chem';
import { serveTasks } from '../pool/worker-host.ts';

serveTasks<string, unknown>(async (smiles) => {
  await loadOpenChemLib();
  return predictOclProperties(smiles) ?? null;
});
