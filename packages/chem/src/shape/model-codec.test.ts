import { describe, expect, it } from 'vitest';
import { conformerSummary, principalQuaternion } from './conformer-summary.ts';
import { COORDINATE_STEP, decodeHeavyConformers, decodeModel, decodeModelInto, encodeModel } from './model-codec.ts';
import { readShapeReference, referenceModel } from './reference-fixture.ts';
import { score } from './scorer.ts';

/**
 * The same model in an older layout, written from what the current bytes decode to: versions 1 to 3 store each
 * conformer as int16 steps from an f32 origin. The least decoded coordinate of each axis is the current
 * format's origin, an f32, so each step is a whole number of steps from it and the old layout decodes to the
 * same numbers. Version 3 has int16 charges; version 2 f32 charges (steps of a power of two, so the same
 * numbers); version 1 no per-conformer summaries either.
 */
function olderVersionBytes(bytes: Uint8Array, version: 1 | 2 | 3): Uint8Array {
  const model = decodeModel(bytes);
  const n = model.atomicNumbers.length;
  const sites = n + model.hydrogenSites;
  const chargeBytes = version === 3 ? 2 : 4;
  const summary = version >= 2 ? 24 : 0;
  const head = 12 + n + chargeBytes * sites;
  const out = new Uint8Array(head + model.conformers.length * (12 + 6 * sites + summary));
  const view = new DataView(out.buffer);
  out.set(bytes.subarray(0, 11));
  out.set(model.atomicNumbers, 12);
  out[3] = version;
  if (version < 3) out[10] = 0;
  const chargeStep = 2 ** bytes[10]! / 32768;
  model.charges.forEach((q, i) => (version === 3 ? view.setInt16(12 + n + 2 * i, Math.round(q / chargeStep), true) : view.setFloat32(12 + n + 4 * i, q, true)));
  let offset = head;
  model.conformers.forEach((coords, c) => {
    const origin = [0, 1, 2].map((axis) => Math.min(...coords.filter((_, i) => i % 3 === axis)));
    origin.forEach((value, axis) => view.setFloat32(offset + 4 * axis, value, true));
    offset += 12;
    coords.forEach((x, i) => view.setInt16(offset + 2 * i, Math.round((x - origin[i % 3]!) / COORDINATE_STEP), true));
    offset += 6 * sites;
    if (version >= 2) {
      const { shapeSelfOverlap, espSelfOverlap } = model.summaries![c]!;
      [...principalQuaternion(coords, n), shapeSelfOverlap, espSelfOverlap].forEach((value, k) => view.setFloat32(offset + 4 * k, value, true));
      offset += summary;
    }
  });
  return out;
}

/**
 * The same model in the version-4 layout: every site's steps above the conformer's least coordinate, in the
 * bits the widest axis span of all sites needs, no hydrogen parents.
 */
function version4Bytes(bytes: Uint8Array): Uint8Array {
  const model = decodeModel(bytes);
  const n = model.atomicNumbers.length;
  const sites = n + model.hydrogenSites;
  const head = 12 + n + 2 * sites;
  const chargeStep = 2 ** bytes[10]! / 32768;
  const conformers = model.conformers.map((coords) => {
    const origin = [0, 1, 2].map((axis) => Math.min(...coords.filter((_, i) => i % 3 === axis)));
    const steps = Array.from(coords, (x, i) => Math.round((x - origin[i % 3]!) / COORDINATE_STEP));
    const bits = [0, 1, 2].map((axis) => Math.max(...steps.filter((_, i) => i % 3 === axis)).toString(2).length);
    const stream: number[] = [];
    steps.forEach((value, i) => {
      for (let b = 0; b < bits[i % 3]!; b++) stream.push((value >> b) & 1);
    });
    const packed = Uint8Array.from({ length: Math.ceil(stream.length / 8) }, (_, k) => stream.slice(8 * k, 8 * k + 8).reduce((byte, bit, b) => byte | (bit << b), 0));
    return { origin, widths: bits[0]! | (bits[1]! << 5) | (bits[2]! << 10), packed };
  });
  const out = new Uint8Array(conformers.reduce((size, conformer) => size + 14 + conformer.packed.length + 24, head));
  const view = new DataView(out.buffer);
  out.set(bytes.subarray(0, 11));
  out.set(model.atomicNumbers, 12);
  out[3] = 4;
  model.charges.forEach((q, i) => view.setInt16(12 + n + 2 * i, Math.round(q / chargeStep), true));
  let offset = head;
  conformers.forEach((conformer, c) => {
    conformer.origin.forEach((value, axis) => view.setFloat32(offset + 4 * axis, value, true));
    view.setUint16(offset + 12, conformer.widths, true);
    out.set(conformer.packed, offset + 14);
    offset += 14 + conformer.packed.length;
    const { shapeSelfOverlap, espSelfOverlap } = model.summaries![c]!;
    [...principalQuaternion(model.conformers[c]!, n), shapeSelfOverlap, espSelfOverlap].forEach((value, k) => view.setFloat32(offset + 4 * k, value, true));
    offset += 24;
  });
  return out;
}

const reference = readShapeReference();
const bySmiles = new Map(reference.molecules.map((m) => [m.smiles, m]));

describe('3D model bytes', () => {
  it('round-trips elements, charges and conformers within the quantisation step', () => {
    for (const set of reference.conformerSets.slice(0, 6)) {
      const model = referenceModel(bySmiles.get(set.smiles)!, set.conformers);
      const bytes = encodeModel(model);
      // Less than version 3, which took 6 bytes a site's position.
      const sites = model.atomicNumbers.length + model.hydrogenSites;
      expect(bytes.length).toBeLessThan(12 + model.atomicNumbers.length + 2 * sites + model.conformers.length * (36 + 6 * sites));
      const decoded = decodeModel(bytes);
      expect(decoded.atomicNumbers).toEqual(model.atomicNumbers);
      expect(decoded.hydrogenSites).toBe(model.hydrogenSites);
      // Charges under 1 e are stored in steps of 2^-11 e, within a step, and sum to the total in whole steps.
      decoded.charges.forEach((q, i) => expect(Math.abs(q - model.charges[i]!)).toBeLessThan(2 ** -11));
      const sum = (charges: ArrayLike<number>) => Array.from(charges).reduce((total, q) => total + q, 0);
      expect(Math.abs(sum(decoded.charges) - Math.round(sum(model.charges) * 2 ** 11) / 2 ** 11)).toBeLessThan(1e-12);
      expect(Math.max(...decoded.charges.map((q, i) => Math.abs(q - model.charges[i]!)))).toBeGreaterThan(0);
      expect(decoded.conformers.length).toBe(model.conformers.length);
      decoded.conformers.forEach((coords, c) => {
        coords.forEach((x, i) => expect(Math.abs(x - model.conformers[c]![i]!)).toBeLessThanOrEqual(COORDINATE_STEP / 2 + 1e-9));
      });
    }
  });

  it('stores each conformer’s self-overlaps as computed from the decoded coordinates, and leaves its axes to the re-scorer', () => {
    const set = reference.conformerSets[2]!;
    const decoded = decodeModel(encodeModel(referenceModel(bySmiles.get(set.smiles)!, set.conformers)));
    expect(decoded.summaries?.length).toBe(decoded.conformers.length);
    decoded.summaries!.forEach((stored, k) => {
      const fresh = conformerSummary({ ...decoded, summaries: undefined }, k);
      expect(Math.abs(stored.shapeSelfOverlap / fresh.shapeSelfOverlap - 1)).toBeLessThan(1e-6);
      expect(Math.abs(stored.espSelfOverlap / fresh.espSelfOverlap - 1)).toBeLessThan(1e-6);
      expect(stored.axes).toBeUndefined();
    });
  });

  it('scores a decoded model the same after it has crossed to a worker thread (a structured clone)', () => {
    const [a, b] = reference.conformerSets.slice(0, 2).map((set) => referenceModel(bySmiles.get(set.smiles)!, set.conformers.slice(0, 3)));
    const decoded = decodeModel(encodeModel(b!));
    const here = score(a!, decoded, 'espsim_electrostatic');
    const there = score(a!, structuredClone(decoded), 'espsim_electrostatic');
    expect(there.shape).toBe(here.shape);
    expect(there.electrostatic).toBe(here.electrostatic);
  });

  it('stores each hydrogen from its parent in fewer bytes than version 4, and decodes to the coordinates version 4 holds of them', () => {
    let current = 0;
    let previous = 0;
    for (const set of reference.conformerSets.slice(0, 6)) {
      const bytes = encodeModel(referenceModel(bySmiles.get(set.smiles)!, set.conformers));
      const old = version4Bytes(bytes);
      const [fromNew, fromOld] = [decodeModel(bytes), decodeModel(old)];
      expect(fromNew.hydrogenSites).toBeGreaterThan(0);
      // Version 4 writes its origin as f32: a coordinate on the grid of whole steps comes back within its rounding.
      fromNew.conformers.forEach((coords, c) => coords.forEach((x, i) => expect(Math.abs(x - fromOld.conformers[c]![i]!)).toBeLessThan(1e-5)));
      current += bytes.length;
      previous += old.length;
    }
    expect(current).toBeLessThan(0.95 * previous);
  });

  it('writes the elements of drug-like molecules in 4 bits each, and any others in 8', () => {
    const model = referenceModel(reference.molecules[1]!);
    const coded = encodeModel(model);
    const rare = { ...model, atomicNumbers: model.atomicNumbers.map((element, i) => (i === 0 ? 32 : element)) };
    const plain = encodeModel(rare);
    // Half a byte an atom more, give or take the padding of the stream.
    const n = model.atomicNumbers.length;
    expect(plain.length - coded.length).toBeGreaterThanOrEqual(Math.floor(n / 2));
    expect(plain.length - coded.length).toBeLessThanOrEqual(Math.ceil(n / 2) + 1);
    expect(decodeModel(coded).atomicNumbers).toEqual(model.atomicNumbers);
    expect(decodeModel(plain).atomicNumbers).toEqual(rare.atomicNumbers);
  });

  it('writes a conformer’s origin in whole steps as int16, and as f32 for a conformer more than 163 Å from the frame’s', () => {
    const model = referenceModel(reference.molecules[1]!);
    const far = { ...model, conformers: model.conformers.map((coords) => coords.map((x, i) => (i % 3 === 1 ? x - 200 : x))) };
    const [near, away] = [encodeModel(model), encodeModel(far)];
    expect(away.length - near.length).toBe(6 * model.conformers.length);
    decodeModel(away).conformers.forEach((coords, c) => coords.forEach((x, i) => expect(Math.abs(x - far.conformers[c]![i]!)).toBeLessThanOrEqual(COORDINATE_STEP / 2 + 1e-9)));
  });

  it('stores the hydrogens of a model without heavy atoms from the origin', () => {
    const hydrogen = { atomicNumbers: new Uint8Array(0), hydrogenSites: 2, charges: Float64Array.of(0, 0), conformers: [Float64Array.of(0.37, 1, -2, -0.37, 1, -2)] };
    decodeModel(encodeModel(hydrogen)).conformers[0]!.forEach((x, i) => expect(Math.abs(x - hydrogen.conformers[0]![i]!)).toBeLessThanOrEqual(COORDINATE_STEP / 2 + 1e-9));
  });

  it('still reads version-1 models (no summaries), version-2 ones (f32 charges), version-3 ones (int16 steps from the mean) and version-4 ones (hydrogens from the origin), and scores them as the current ones', () => {
    const [a, b] = reference.conformerSets.slice(0, 2).map((set) => referenceModel(bySmiles.get(set.smiles)!, set.conformers.slice(0, 3)));
    const bytes = encodeModel(b!);
    const current = decodeModel(bytes);
    const fromCurrent = score(a!, current, 'espsim_electrostatic');
    for (const version of [1, 2, 3, 4] as const) {
      const old = decodeModel(version === 4 ? version4Bytes(bytes) : olderVersionBytes(bytes, version));
      expect(old.summaries === undefined).toBe(version === 1);
      expect(Array.from(old.charges)).toEqual(Array.from(current.charges));
      old.conformers.forEach((coords, k) => coords.forEach((x, i) => expect(Math.abs(x - current.conformers[k]![i]!)).toBeLessThan(1e-5)));
      if (version >= 2) {
        old.summaries!.forEach((summary, k) => {
          const now = current.summaries![k]!;
          const axes = principalQuaternion(current.conformers[k]!, current.atomicNumbers.length);
          summary.axes!.forEach((v, i) => expect(Math.abs(v - axes[i]!)).toBeLessThan(1e-5));
          expect(Math.abs(summary.shapeSelfOverlap / now.shapeSelfOverlap - 1)).toBeLessThan(1e-6);
          expect(Math.abs(summary.espSelfOverlap / now.espSelfOverlap - 1)).toBeLessThan(1e-6);
        });
      }
      const fromOld = score(a!, old, 'espsim_electrostatic');
      expect(Math.abs(fromOld.shape - fromCurrent.shape)).toBeLessThan(1e-6);
      expect(Math.abs(fromOld.electrostatic! - fromCurrent.electrostatic!)).toBeLessThan(1e-6);
    }
  });

  it('decodes the heavy atoms of the first conformers alone to the same bits as a whole decode, in every version, into scratch or not', () => {
    const sets = reference.conformerSets.slice(0, 6);
    const grown = { coords: new Float64Array(0) };
    for (const set of sets) {
      const bytes = encodeModel(referenceModel(bySmiles.get(set.smiles)!, set.conformers.slice(0, 4)));
      for (const layout of [bytes, version4Bytes(bytes), olderVersionBytes(bytes, 3), olderVersionBytes(bytes, 2), olderVersionBytes(bytes, 1)]) {
        const whole = decodeModel(layout);
        const heavy = 3 * whole.atomicNumbers.length;
        const expected = whole.conformers.slice(0, 3).map((coords) => Array.from(coords.subarray(0, heavy)));
        expect(decodeHeavyConformers(layout, 3).map((coords) => Array.from(coords))).toEqual(expected);
        // Into a scratch that an earlier decode grew, and into one too small that it grows.
        for (const scratch of [grown, { coords: new Float64Array(3) }]) {
          expect(decodeHeavyConformers(layout, 3, scratch).map((coords) => Array.from(coords))).toEqual(expected);
          expect(decodeModelInto(layout, scratch)).toEqual(whole);
        }
      }
    }
    const bytes = encodeModel(referenceModel(reference.molecules[1]!));
    expect(() => decodeHeavyConformers(bytes.subarray(0, bytes.length - 1), 3)).toThrow(/header says/);
  });

  it('scales the charge steps to the largest charge, and refuses a charge it cannot hold', () => {
    const model = referenceModel(reference.molecules[1]!);
    const charged = { ...model, charges: model.charges.map((q, i) => (i === 0 ? 3.7 : q)) };
    const decoded = decodeModel(encodeModel(charged));
    // 3.7 e needs steps of 2^2 / 2048 e.
    expect(Math.abs(decoded.charges[0]! - 3.7)).toBeLessThanOrEqual(2 ** -10);
    // An exotic formal charge takes coarse steps rather than failing the import of its catalogue.
    const exotic = decodeModel(encodeModel({ ...model, charges: model.charges.map((q, i) => (i === 0 ? 63 : q)) }));
    expect(Math.abs(exotic.charges[0]! - 63)).toBeLessThanOrEqual(2 ** -6);
    expect(() => encodeModel({ ...model, charges: model.charges.map((q, i) => (i === 0 ? -40_000 : q)) })).toThrow(/too large/);
  });

  it('decodes from a view into a larger buffer, as the index hands it out', () => {
    const model = referenceModel(reference.molecules[0]!);
    const bytes = encodeModel(model);
    const store = new Uint8Array(bytes.length + 17);
    store.set(bytes, 9);
    expect(decodeModel(store.subarray(9, 9 + bytes.length)).atomicNumbers).toEqual(model.atomicNumbers);
  });

  it('packs each axis in the bits its span needs: none for a single site, 16 for 327 Å, and no more', () => {
    const model = referenceModel(reference.molecules[1]!);
    const sites = model.atomicNumbers.length + model.hydrogenSites;
    const single = { atomicNumbers: Uint8Array.of(6), hydrogenSites: 0, charges: Float64Array.of(0.25), conformers: [Float64Array.of(1.234, -5.678, 9.1)] };
    const decoded = decodeModel(encodeModel(single));
    decoded.conformers[0]!.forEach((x, i) => expect(Math.abs(x - single.conformers[0]![i]!)).toBeLessThanOrEqual(COORDINATE_STEP / 2 + 1e-9));
    const stretched = (span: number) => ({ ...model, conformers: [model.conformers[0]!.map((x, i) => (i === 0 ? x + span : x))] });
    const wide = stretched(300);
    decodeModel(encodeModel(wide)).conformers[0]!.forEach((x, i) => expect(Math.abs(x - wide.conformers[0]![i]!)).toBeLessThanOrEqual(COORDINATE_STEP / 2 + 1e-9));
    expect(() => encodeModel(stretched(400))).toThrow(/spans more than 327/);
    // A damaged width is named, not read past.
    const bytes = encodeModel(model);
    const n = model.atomicNumbers.length;
    const parentBits = (n - 1).toString(2).length;
    const headEnd = 12 + Math.ceil((4 * n + 12 * sites + parentBits * model.hydrogenSites) / 8);
    const widthsAt = headEnd;
    const damaged = bytes.slice();
    damaged[widthsAt] = 31;
    expect(() => decodeModel(damaged)).toThrow(/31 bits an axis/);
    // As is a hydrogen's parent past the heavy atoms (the last one's bits end the stream before the conformers).
    const orphan = bytes.slice();
    orphan[headEnd - 1] = 0xff;
    expect(() => decodeModel(orphan)).toThrow(/names heavy atom \d+ as its parent/);
  });

  it('refuses bytes that are not a model of this version or are cut short', () => {
    const bytes = encodeModel(referenceModel(reference.molecules[1]!));
    expect(() => decodeModel(new Uint8Array([1, 2, 3]))).toThrow(/bad header/);
    expect(() => decodeModel(bytes.subarray(0, bytes.length - 1))).toThrow(/header says/);
    expect(() => decodeModel(bytes.subarray(0, 40))).toThrow(/header says/);
    const future = bytes.slice();
    future[3] = 99;
    expect(() => decodeModel(future)).toThrow(/version 99/);
  });
});
