import { describe, expect, it } from 'vitest';
import { prepareMolecules } from './prepare-molecules.ts';
import type { InputMolecule } from './prepare-molecules.ts';

const SHAPE = { conformers: 3, seed: 7, timeBudgetMs: 2000, method: 'fragments' as const };
// A salt, an unreadable row, a charged row, an empty one and ring systems the rows share.
const SMILES = ['CC(=O)Oc1ccccc1C(=O)O', '[Na+].OC(=O)c1ccccc1O', 'C1CC(', 'C[NH+](C)CCc1c[nH]c2ccccc12', '', 'O=C(Nc1ccccc1)C1CCNCC1', 'c1ccc2ccccc2c1'];
const ROWS: InputMolecule[] = SMILES.map((smiles, k) => ({ line: k + 1, id: `R${k + 1}`, smiles }));

describe('preparing a batch step by step', () => {
  it('gives every row what it gets prepared alone, in input order', async () => {
    const batch = await prepareMolecules({ molecules: ROWS, shape: SHAPE });
    const alone = [];
    for (const row of ROWS) alone.push(await prepareMolecules({ molecules: [row], shape: SHAPE }));

    expect(batch.ids).toEqual(alone.flatMap((one) => one.ids));
    expect(batch.ids).toEqual(['R1', 'R2', 'R4', 'R6', 'R7']);
    expect(batch.rejected).toEqual(alone.flatMap((one) => one.rejected));
    expect(batch.smiles).toEqual(alone.flatMap((one) => one.smiles));
    expect(batch.fingerprints).toEqual(Uint8Array.from(alone.flatMap((one) => [...one.fingerprints])));
    expect(batch.numbers).toEqual(Float32Array.from(alone.flatMap((one) => [...one.numbers])));
    expect(batch.models).toEqual(alone.flatMap((one) => one.models ?? []));
    for (const model of batch.models ?? []) expect(model.length).toBeGreaterThan(0);
  });

  it('tells of each row at each step it takes, so a row that never ends its step is the one named', async () => {
    const heard: number[] = [];
    await prepareMolecules({ molecules: ROWS, shape: SHAPE }, (index) => heard.push(index));
    const read = [0, 1, 3, 5, 6];
    // Every row is read; the rows read have their conformers built, then their models.
    expect(heard).toEqual([0, 1, 2, 3, 4, 5, 6, ...read, ...read]);

    const heardWithout: number[] = [];
    await prepareMolecules({ molecules: ROWS }, (index) => heardWithout.push(index));
    expect(heardWithout).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
