import { describe, expect, it } from 'vitest';
import { conformerSummary } from './conformer-summary.ts';
import { COORDINATE_STEP, decodeModel, encodedModelSize, encodeModel } from './model-codec.ts';
import { readShapeReference, referenceModel } from './reference-fixture.ts';
import { score } from './scorer.ts';

/**
 * The same model in an older layout: version 2 has f32 charges, version 1 no per-conformer summaries either.
 * The current charges are int16 steps of a power of two, so as f32 they are the same numbers.
 */
function olderVersionBytes(bytes: Uint8Array, version: 1 | 2): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [n, h, conformers] = [view.getUint16(4, true), view.getUint16(6, true), view.getUint16(8, true)];
  const sites = n + h;
  const charges = decodeModel(bytes).charges;
  const head = 12 + n + 4 * sites;
  const stored = 12 + 6 * sites;
  const summary = version === 2 ? 24 : 0;
  const out = new Uint8Array(head + conformers * (stored + summary));
  const outView = new DataView(out.buffer);
  out.set(bytes.subarray(0, 12 + n));
  out[3] = version;
  out[10] = 0;
  charges.forEach((q, i) => outView.setFloat32(12 + n + 4 * i, q, true));
  const from = 12 + n + 2 * sites;
  for (let c = 0; c < conformers; c++) out.set(bytes.subarray(from + c * (stored + 24), from + c * (stored + 24) + stored + summary), head + c * (stored + summary));
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
      // Charges under 1 e are stored in steps of 2^-15 e.
      decoded.charges.forEach((q, i) => expect(Math.abs(q - model.charges[i]!)).toBeLessThanOrEqual(2 ** -16 + 1e-12));
      expect(Math.max(...decoded.charges.map((q, i) => Math.abs(q - model.charges[i]!)))).toBeGreaterThan(0);
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

  it('still reads version-1 models (no summaries) and version-2 ones (f32 charges), and scores them as the current ones', () => {
    const [a, b] = reference.conformerSets.slice(0, 2).map((set) => referenceModel(bySmiles.get(set.smiles)!, set.conformers.slice(0, 3)));
    const bytes = encodeModel(b!);
    const current = decodeModel(bytes);
    const fromCurrent = score(a!, current, 'espsim_electrostatic');
    for (const version of [1, 2] as const) {
      const old = decodeModel(olderVersionBytes(bytes, version));
      expect(old.summaries === undefined).toBe(version === 1);
      expect(Array.from(old.charges)).toEqual(Array.from(current.charges));
      old.conformers.forEach((coords, k) => expect(coords).toEqual(current.conformers[k]));
      if (version === 2) expect(old.summaries).toEqual(current.summaries);
      const fromOld = score(a!, old, 'espsim_electrostatic');
      expect(Math.abs(fromOld.shape - fromCurrent.shape)).toBeLessThan(1e-6);
      expect(Math.abs(fromOld.electrostatic! - fromCurrent.electrostatic!)).toBeLessThan(1e-6);
    }
  });

  it('scales the charge steps to the largest charge, and refuses a charge it cannot hold', () => {
    const model = referenceModel(reference.molecules[1]!);
    const charged = { ...model, charges: model.charges.map((q, i) => (i === 0 ? 3.7 : q)) };
    const decoded = decodeModel(encodeModel(charged));
    // 3.7 e needs steps of 2^2 / 32768 e.
    expect(Math.abs(decoded.charges[0]! - 3.7)).toBeLessThanOrEqual(2 ** -14);
    // An exotic formal charge takes coarse steps rather than failing the import of its catalogue.
    const exotic = decodeModel(encodeModel({ ...model, charges: model.charges.map((q, i) => (i === 0 ? 63 : q)) }));
    expect(Math.abs(exotic.charges[0]! - 63)).toBeLessThanOrEqual(2 ** -10);
    expect(() => encodeModel({ ...model, charges: model.charges.map((q, i) => (i === 0 ? -40_000 : q)) })).toThrow(/too large/);
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
