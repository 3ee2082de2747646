import { describe, expect, it } from 'vitest';
import { conformerSummary } from './conformer-summary.ts';
import { COORDINATE_STEP, decodeModel, encodedModelSize, encodeModel } from './model-codec.ts';
import { readShapeReference, referenceModel } from './reference-fixture.ts';
import { score } from './scorer.ts';

/** The same model in the version-1 layout: no per-conformer summaries. */
function versionOneBytes(bytes: Uint8Array, n: number, h: number, conformers: number): Uint8Array {
  const sites = n + h;
  const head = 12 + n + 4 * sites;
  const perConformer = 12 + 6 * sites;
  const out = new Uint8Array(head + conformers * perConformer);
  out.set(bytes.subarray(0, head));
  out[3] = 1;
  for (let c = 0; c < conformers; c++) out.set(bytes.subarray(head + c * (perConformer + 24), head + c * (perConformer + 24) + perConformer), head + c * perConformer);
  return out;
}

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

  it('stores each conformer’s principal axes and self-overlaps as computed from the decoded coordinates', () => {
    const set = reference.conformerSets[2]!;
    const decoded = decodeModel(encodeModel(referenceModel(bySmiles.get(set.smiles)!, set.conformers)));
    expect(decoded.summaries?.length).toBe(decoded.conformers.length);
    decoded.summaries!.forEach((stored, k) => {
      const fresh = conformerSummary({ ...decoded, summaries: undefined }, k);
      expect(Math.abs(stored.shapeSelfOverlap / fresh.shapeSelfOverlap - 1)).toBeLessThan(1e-6);
      expect(Math.abs(stored.espSelfOverlap / fresh.espSelfOverlap - 1)).toBeLessThan(1e-6);
      stored.axes.forEach((v, i) => expect(Math.abs(v - fresh.axes[i]!)).toBeLessThan(1e-6));
    });
  });

  it('still reads version-1 models (no summaries), and scores them as the version-2 ones', () => {
    const [a, b] = reference.conformerSets.slice(0, 2).map((set) => referenceModel(bySmiles.get(set.smiles)!, set.conformers.slice(0, 3)));
    const bytes = encodeModel(b!);
    const old = decodeModel(versionOneBytes(bytes, b!.atomicNumbers.length, b!.hydrogenSites, 3));
    expect(old.summaries).toBeUndefined();
    const current = decodeModel(bytes);
    old.conformers.forEach((coords, k) => expect(coords).toEqual(current.conformers[k]));
    const fromOld = score(a!, old, 'espsim_electrostatic');
    const fromCurrent = score(a!, current, 'espsim_electrostatic');
    expect(Math.abs(fromOld.shape - fromCurrent.shape)).toBeLessThan(1e-6);
    expect(Math.abs(fromOld.electrostatic! - fromCurrent.electrostatic!)).toBeLessThan(1e-6);
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
