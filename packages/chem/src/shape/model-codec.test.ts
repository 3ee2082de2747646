import { describe, expect, it } from 'vitest';
import { COORDINATE_STEP, decodeModel, encodedModelSize, encodeModel } from './model-codec.ts';
import { readShapeReference, referenceModel } from './reference-fixture.ts';

const reference = readShapeReference();
const bySmiles = new Map(reference.molecules.map((m) => [m.smiles, m]));

describe('3D model bytes', () => {
  it('round-trips elements, charges and conformers within the quantisation step', () => {
    for (const set of reference.conformerSets.slice(0, 6)) {
      const model = referenceModel(bySmiles.get(set.smiles)!, set.conformers);
      const bytes = encodeModel(model);
      expect(bytes.length).toBe(encodedModelSize(model.atomicNumbers.length, model.hydrogenSites, model.conformers.length));
      const decoded = decodeModel(bytes);
      expect(decoded.atomicNumbers).toEqual(model.atomicNumbers);
      expect(decoded.hydrogenSites).toBe(model.hydrogenSites);
      decoded.charges.forEach((q, i) => expect(Math.abs(q - model.charges[i]!)).toBeLessThan(1e-7));
      expect(decoded.conformers.length).toBe(model.conformers.length);
      decoded.conformers.forEach((coords, c) => {
        coords.forEach((x, i) => expect(Math.abs(x - model.conformers[c]![i]!)).toBeLessThanOrEqual(COORDINATE_STEP / 2 + 1e-9));
      });
    }
  });

  it('decodes from a view into a larger buffer, as the index hands it out', () => {
    const model = referenceModel(reference.molecules[0]!);
    const bytes = encodeModel(model);
    const store = new Uint8Array(bytes.length + 17);
    store.set(bytes, 9);
    expect(decodeModel(store.subarray(9, 9 + bytes.length)).atomicNumbers).toEqual(model.atomicNumbers);
  });

  it('refuses bytes that are not a model of this version or are cut short', () => {
    const bytes = encodeModel(referenceModel(reference.molecules[1]!));
    expect(() => decodeModel(new Uint8Array([1, 2, 3]))).toThrow(/bad header/);
    expect(() => decodeModel(bytes.subarray(0, bytes.length - 1))).toThrow(/header says/);
    const future = bytes.slice();
    future[3] = 99;
    expect(() => decodeModel(future)).toThrow(/version 99/);
  });
});
