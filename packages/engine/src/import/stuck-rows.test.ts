import { afterAll, describe, expect, it } from 'vitest';
import { CHEMISTRY_MESSAGES } from '@molsearch/chem';
import { createPreparer } from './import-pool.ts';
import type { InputMolecule } from '../features/prepare-molecules.ts';

const GOOD = ['CC(=O)Oc1ccccc1C(=O)O', 'CC(C)Cc1ccc(C(C)C(=O)O)cc1', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'C1CC(', 'CN1CCC[C@H]1c1cccnc1', 'OC(=O)c1ccccc1O'];
const SHAPE = { conformers: 2, seed: 7, timeBudgetMs: 300 };

/** The good rows with stuck ones among them: first, in the middle, twice in a row and last. */
function rowsWithStuck(): InputMolecule[] {
  const ids = ['stuck-a', 'g0', 'g1', 'stuck-b', 'g2', 'g3', 'stuck-c', 'stuck-d', 'g4', 'g5', 'stuck-e'];
  let good = 0;
  return ids.map((id, k) => ({ line: k + 1, id, smiles: id.startsWith('stuck') ? 'CCO' : GOOD[good++]! }));
}

const watched = createPreparer(2, { rowTimeoutMs: 1500, workerUrl: new URL('./stuck-row-worker.fixture.ts', import.meta.url) });
const inThread = createPreparer(0);

afterAll(async () => {
  await watched.close();
});

describe('a row that never finishes on an import worker', () => {
  it('is refused as too complex, and every other row of its batch is prepared exactly as without it', async () => {
    const rows = rowsWithStuck();
    const batch = await watched.prepare({ molecules: rows, shape: SHAPE });
    const reference = await inThread.prepare({ molecules: rows.filter((row) => !row.id.startsWith('stuck')), shape: SHAPE });

    const stuckLines = rows.filter((row) => row.id.startsWith('stuck')).map((row) => row.line);
    const refused = batch.rejected.filter((row) => stuckLines.includes(row.line));
    expect(refused.map((row) => row.line)).toEqual(stuckLines);
    for (const row of refused) expect(row.message).toBe(`${CHEMISTRY_MESSAGES.tooComplex}: not finished within 1.5 s "CCO"`);
    // The unreadable row keeps its own reason.
    expect(batch.rejected.filter((row) => !stuckLines.includes(row.line))).toEqual(reference.rejected);

    expect(batch.lines).toEqual(reference.lines);
    expect(batch.ids).toEqual(['g0', 'g1', 'g2', 'g4', 'g5']);
    expect(batch.smiles).toEqual(reference.smiles);
    expect(batch.fingerprints).toEqual(reference.fingerprints);
    expect(batch.numbers).toEqual(reference.numbers);
    expect(batch.texts).toEqual(reference.texts);
    expect(batch.models).toEqual(reference.models);
    expect(batch.chargeFallbacks).toBe(reference.chargeFallbacks);
  }, 120_000);

  it('leaves the pool answering the next batch', async () => {
    const batch = await watched.prepare({ molecules: [{ line: 1, id: 'after', smiles: 'c1ccccc1O' }] });
    expect(batch.smiles).toEqual(['Oc1ccccc1']);
    expect(batch.rejected).toEqual([]);
  }, 60_000);

  it('a batch of one stuck row gives an empty batch with the row refused', async () => {
    const batch = await watched.prepare({ molecules: [{ line: 7, id: 'stuck-alone', smiles: 'CCO' }], shape: SHAPE });
    expect(batch.ids).toEqual([]);
    expect(batch.models).toEqual([]);
    expect(batch.fingerprints.length).toBe(0);
    expect(batch.texts.every((column) => column.length === 0)).toBe(true);
    expect(batch.rejected.map((row) => row.line)).toEqual([7]);
  }, 60_000);
});
