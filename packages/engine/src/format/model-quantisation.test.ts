import { beforeAll, describe, expect, it } from 'vitest';
import { decodeModel, encodeModel, loadRDKit, score } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { CURRENT_CHARGE_MODEL, electrostaticFormFor } from '../features/charge-model.ts';
import { CATALOGUE_SHAPE, QUERY_SHAPE, shapeFeatures } from '../features/shape-features.ts';

// Real drugs: the catalogue side as imports build it, two queries as searches build them (with fewer conformers).
const CATALOGUE = [
  'CC(=O)Oc1ccccc1C(=O)O', 'CC(C)Cc1ccc(C(C)C(=O)O)cc1', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'CN1C(=O)CN=C(c2ccccc2)c2cc(Cl)ccc21',
  'CC(C)NCC(O)COc1cccc2ccccc12', 'O=C(O)Cc1ccccc1Nc1c(Cl)cccc1Cl', 'CCN(CC)CCNC(=O)c1ccc(N)cc1', 'CN1CCC[C@H]1c1cccnc1',
];
const QUERIES = ['CC(=O)Nc1ccc(O)cc1', 'Clc1ccc(cc1)C(c1ccccc1)N1CCN(CCOCC(=O)O)CC1'];

let catalogue: Model3D[];
let queries: Model3D[];

beforeAll(async () => {
  await loadRDKit();
  catalogue = CATALOGUE.map((smiles) => shapeFeatures(smiles, CATALOGUE_SHAPE)!.model);
  queries = QUERIES.map((smiles) => shapeFeatures(smiles, { ...QUERY_SHAPE, conformers: 10 })!.model);
}, 120_000);

describe('3D models as a catalogue stores them', () => {
  it('score within 1e-3 of the models before storing (at most 8.5e-4 here): coordinates in steps of 0.005 Å and charges in steps of 2^-11 e do not move the exact scores', () => {
    // Every start scored and screened and the best 16 climbed: a thorough search, so that neither side stops in
    // a lesser optimum the other escapes (with 8, paracetamol against ibuprofen stopped 0.045 below the optimum
    // on both sides for shape, and 2e-3 apart for electrostatics; with the 32 starts of best grid overlap, a
    // voxel that a 0.005 Å step moves can choose other starts).
    const SEARCH = { electrostaticForm: electrostaticFormFor(CURRENT_CHARGE_MODEL), gridStarts: Infinity, screenedStarts: Infinity, optimizedStarts: 16 };
    let compared = 0;
    for (const query of queries) {
      for (const model of catalogue) {
        const stored = decodeModel(encodeModel(model));
        expect(stored.conformers[0]![0]).not.toBe(model.conformers[0]![0]);
        expect(Array.from(stored.charges)).not.toEqual(Array.from(model.charges));
        for (const method of ['espsim_shape', 'espsim_electrostatic'] as const) {
          const exact = score(query, model, method, SEARCH);
          const fromFile = score(query, stored, method, SEARCH);
          expect(Math.abs(fromFile.similarity - exact.similarity)).toBeLessThanOrEqual(1e-3);
          compared++;
        }
      }
    }
    expect(compared).toBe(2 * QUERIES.length * CATALOGUE.length);
  });
});
