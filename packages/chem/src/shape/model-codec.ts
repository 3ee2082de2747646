import { conformerSummary } from './conformer-summary.ts';
import type { ConformerSummary, Model3D } from './model-3d.ts';

/**
 * Byte layout of a `Model3D` as the index stores it (little-endian):
 *   0  'M' '3' 'D' version           4 bytes
 *   4  heavy atoms n, kept hydrogens h, conformers K (u16 each)
 *  10  (version 3) charge scale exponent e (u8), then a reserved byte
 *  12  n atomic numbers (u8)
 *      n + h charges: (version 3) int16 steps of 2^e / 32768 e, e the least with every |charge| < 2^e
 *      (error at most 1.6e-5 e for charges under 1 e); (versions 1 and 2) f32
 *      per conformer: origin x, y, z (f32), then x, y, z of each site as int16 steps of 0.005 Å
 *      from the origin (±163 Å, error at most 0.0025 Å per axis);
 *      (version 2 on) then its summary: principal axes as a quaternion w, x, y, z (f32), shape and
 *      ESP self-overlaps (f32), computed from the stored (quantised) coordinates and charges.
 * So 12 + n + 2(n + h) + K(36 + 6(n + h)) bytes: about 0.7 KB for 25 heavy atoms, 2 polar H, K = 3.
 * Versions 1 (no summaries) and 2 (f32 charges) still decode; for version 1 the re-scorer computes the
 * summaries itself.
 */
export const MODEL_FORMAT_VERSION = 3;
export const COORDINATE_STEP = 0.005;

const MAGIC = [0x4d, 0x33, 0x44] as const;
const HEADER_BYTES = 12;
const MAX_STEPS = 32767;
const SUMMARY_BYTES = 24;
/**
 * Charges of version 3 are int16 steps of 2^e / CHARGE_STEPS. Drug-like partial charges stay under 2 e (steps of
 * 6e-5 e at most); e goes up to 15 so that no structure RDKit accepts, however exotic its formal charges, is refused.
 */
const CHARGE_STEPS = 32768;
const MAX_CHARGE_EXPONENT = 15;

function chargeBytes(version: number): number {
  return version >= 3 ? 2 : 4;
}

/** The least e with every |charge| below 2^e, so that the largest charge fits in int16 steps of 2^e / 32768. */
function chargeExponent(charges: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < charges.length; i++) largest = Math.max(largest, Math.abs(charges[i]!));
  let exponent = 0;
  while (exponent < MAX_CHARGE_EXPONENT && largest >= 2 ** exponent * (1 - 0.5 / CHARGE_STEPS)) exponent++;
  if (largest >= 2 ** MAX_CHARGE_EXPONENT * (1 - 0.5 / CHARGE_STEPS)) throw new Error(`A partial charge of ${largest.toFixed(2)} e is too large for the 3D model format.`);
  return exponent;
}

export function encodedModelSize(heavyAtoms: number, hydrogenSites: number, conformers: number, version = MODEL_FORMAT_VERSION): number {
  const sites = heavyAtoms + hydrogenSites;
  return HEADER_BYTES + heavyAtoms + chargeBytes(version) * sites + conformers * (12 + 6 * sites + (version >= 2 ? SUMMARY_BYTES : 0));
}

export function encodeModel(model: Model3D): Uint8Array {
  const n = model.atomicNumbers.length;
  const h = model.hydrogenSites;
  const sites = n + h;
  if (model.charges.length !== sites) throw new Error(`Model has ${sites} sites but ${model.charges.length} charges.`);
  if (n > 0xffff || h > 0xffff || model.conformers.length > 0xffff) throw new Error('Molecule too large for the 3D model format.');
  const bytes = new Uint8Array(encodedModelSize(n, h, model.conformers.length));
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  bytes[3] = MODEL_FORMAT_VERSION;
  view.setUint16(4, n, true);
  view.setUint16(6, h, true);
  view.setUint16(8, model.conformers.length, true);
  const exponent = chargeExponent(model.charges);
  bytes[10] = exponent;
  bytes.set(model.atomicNumbers, HEADER_BYTES);
  let offset = HEADER_BYTES + n;
  // The summaries' ESP self-overlaps are computed from exactly the charges decoding will return.
  const step = 2 ** exponent / CHARGE_STEPS;
  const charges = new Float64Array(sites);
  for (let i = 0; i < sites; i++, offset += 2) {
    const steps = Math.round(model.charges[i]! / step);
    view.setInt16(offset, steps, true);
    charges[i] = steps * step;
  }
  model.conformers.forEach((coords, index) => {
    if (coords.length !== 3 * sites) throw new Error(`Conformer ${index} has ${coords.length / 3} sites, the model has ${sites}.`);
    const origin = [0, 0, 0];
    for (let i = 0; i < sites; i++) for (let axis = 0; axis < 3; axis++) origin[axis]! += coords[3 * i + axis]! / Math.max(sites, 1);
    // Store the origin as float32 and quantise against that rounded value, so decoding adds back exactly it.
    for (let axis = 0; axis < 3; axis++) {
      view.setFloat32(offset, origin[axis]!, true);
      origin[axis] = view.getFloat32(offset, true);
      offset += 4;
    }
    // The summary is computed from exactly the coordinates decoding will return.
    const stored = new Float64Array(3 * sites);
    for (let i = 0; i < 3 * sites; i++, offset += 2) {
      const steps = Math.round((coords[i]! - origin[i % 3]!) / COORDINATE_STEP);
      if (Math.abs(steps) > MAX_STEPS) throw new Error(`Conformer ${index} spans more than ±163 Å from its centre.`);
      view.setInt16(offset, steps, true);
      stored[i] = origin[i % 3]! + steps * COORDINATE_STEP;
    }
    const summary = conformerSummary({ ...model, charges, conformers: [stored] }, 0);
    for (const value of [...summary.axes, summary.shapeSelfOverlap, summary.espSelfOverlap]) {
      view.setFloat32(offset, value, true);
      offset += 4;
    }
  });
  return bytes;
}

export function decodeModel(bytes: Uint8Array): Model3D {
  if (bytes.length < HEADER_BYTES || bytes[0] !== MAGIC[0] || bytes[1] !== MAGIC[1] || bytes[2] !== MAGIC[2]) {
    throw new Error('Not a molsearch 3D model (bad header).');
  }
  const version = bytes[3]!;
  if (version < 1 || version > MODEL_FORMAT_VERSION) {
    throw new Error(`3D model format version ${version} is not supported (expected 1 to ${MODEL_FORMAT_VERSION}).`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint16(4, true);
  const h = view.getUint16(6, true);
  const conformerCount = view.getUint16(8, true);
  const expected = encodedModelSize(n, h, conformerCount, version);
  if (bytes.length !== expected) throw new Error(`3D model is ${bytes.length} bytes, its header says ${expected}.`);
  const sites = n + h;
  const atomicNumbers = bytes.slice(HEADER_BYTES, HEADER_BYTES + n);
  let offset = HEADER_BYTES + n;
  const charges = new Float64Array(sites);
  if (version >= 3) {
    if (bytes[10]! > MAX_CHARGE_EXPONENT) throw new Error(`3D model has a charge scale of 2^${bytes[10]} e, at most 2^${MAX_CHARGE_EXPONENT} is written.`);
    const step = 2 ** bytes[10]! / CHARGE_STEPS;
    for (let i = 0; i < sites; i++, offset += 2) charges[i] = view.getInt16(offset, true) * step;
  } else {
    for (let i = 0; i < sites; i++, offset += 4) charges[i] = view.getFloat32(offset, true);
  }
  const conformers: Float64Array[] = [];
  const summaries: ConformerSummary[] = [];
  for (let c = 0; c < conformerCount; c++) {
    const ox = view.getFloat32(offset, true);
    const oy = view.getFloat32(offset + 4, true);
    const oz = view.getFloat32(offset + 8, true);
    offset += 12;
    const coords = new Float64Array(3 * sites);
    for (let i = 0; i < sites; i++, offset += 6) {
      coords[3 * i] = ox + view.getInt16(offset, true) * COORDINATE_STEP;
      coords[3 * i + 1] = oy + view.getInt16(offset + 2, true) * COORDINATE_STEP;
      coords[3 * i + 2] = oz + view.getInt16(offset + 4, true) * COORDINATE_STEP;
    }
    conformers.push(coords);
    if (version >= 2) {
      const f = (k: number) => view.getFloat32(offset + 4 * k, true);
      summaries.push({ axes: [f(0), f(1), f(2), f(3)], shapeSelfOverlap: f(4), espSelfOverlap: f(5) });
      offset += SUMMARY_BYTES;
    }
  }
  return { atomicNumbers, hydrogenSites: h, charges, conformers, ...(version >= 2 ? { summaries } : {}) };
}
