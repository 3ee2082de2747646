import { conformerSummary } from './conformer-summary.ts';
import type { ConformerSummary, Model3D } from './model-3d.ts';

/**
 * Byte layout of a `Model3D` as the index stores it (little-endian):
 *   0  'M' '3' 'D' version           4 bytes
 *   4  heavy atoms n, kept hydrogens h, conformers K (u16 each)
 *  10  (version 3 on) charge scale exponent e (u8), then a reserved byte
 *  12  n atomic numbers (u8)
 *      n + h charges: (version 3 on) int16 steps of 2^e / 32768 e, e the least with every |charge| < 2^e
 *      (error at most 1.6e-5 e for charges under 1 e); (versions 1 and 2) f32
 *      per conformer, coordinates in steps of 0.005 Å (error at most 0.0025 Å per axis):
 *        (version 4) the least x, y, z of its sites (f32), the bits bx, by, bz (0 to 16) each site's
 *        steps above them take on each axis (u16: bx | by << 5 | bz << 10), then each site's x, y, z steps
 *        as a bit stream of bx, by, bz bits, lowest bit first, padded to a whole byte;
 *        (versions 1 to 3) the mean x, y, z of its sites (f32), then each site's x, y, z steps from it as
 *        int16 (±163 Å);
 *      (version 2 on) then its summary: principal axes as a quaternion w, x, y, z (f32), shape and
 *      ESP self-overlaps (f32), computed from the stored (quantised) coordinates and charges.
 * A drug-like conformer spans 10 to 20 Å, 11 to 12 bits an axis, so version 4 stores a site's position in
 * about 4.4 bytes instead of 6: about 0.55 KB for 25 heavy atoms, 2 polar H, K = 3, against 0.7 KB.
 * Versions 1 (no summaries), 2 (f32 charges) and 3 (int16 steps from the mean) still decode; for version 1
 * the re-scorer computes the summaries itself.
 */
export const MODEL_FORMAT_VERSION = 4;
export const COORDINATE_STEP = 0.005;

const MAGIC = [0x4d, 0x33, 0x44] as const;
const HEADER_BYTES = 12;
/** Steps above the least coordinate (version 4): 16 bits, 327 Å. */
const MAX_SPAN_BITS = 16;
const WIDTH_BITS = 5;
/** A version-4 conformer's origin (3 f32) and bit widths (u16) before its bit stream. */
const PACKED_HEAD_BYTES = 14;
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

/** Bytes before the first conformer. */
function headBytes(version: number, heavyAtoms: number, sites: number): number {
  return HEADER_BYTES + heavyAtoms + chargeBytes(version) * sites;
}

/** Bytes of a version-1 to 3 model, whose conformers all take the same room. */
function fixedModelSize(heavyAtoms: number, hydrogenSites: number, conformers: number, version: number): number {
  const sites = heavyAtoms + hydrogenSites;
  return headBytes(version, heavyAtoms, sites) + conformers * (12 + 6 * sites + (version >= 2 ? SUMMARY_BYTES : 0));
}

/** The bits bx, by, bz of a version-4 conformer's widths field. */
function axisBits(widths: number): [number, number, number] {
  const bits = (axis: number) => (widths >>> (axis * WIDTH_BITS)) & ((1 << WIDTH_BITS) - 1);
  return [bits(0), bits(1), bits(2)];
}

/** Bytes of a version-4 conformer's bit stream. */
function packedBytes(sites: number, widths: number): number {
  const [bx, by, bz] = axisBits(widths);
  return Math.ceil((sites * (bx + by + bz)) / 8);
}

/** The bits that hold every value from 0 to `largest`. */
function bitsFor(largest: number): number {
  return largest === 0 ? 0 : 32 - Math.clz32(largest);
}

/** Appends values of up to 16 bits to a byte array, lowest bit first. */
class BitWriter {
  private pending = 0;
  private count = 0;
  constructor(private readonly bytes: Uint8Array, private offset: number) {}
  write(value: number, bits: number): void {
    this.pending |= value << this.count;
    this.count += bits;
    while (this.count >= 8) {
      this.bytes[this.offset++] = this.pending & 0xff;
      this.pending >>>= 8;
      this.count -= 8;
    }
  }
  /** Writes the last partial byte; returns the offset after it. */
  end(): number {
    if (this.count > 0) this.bytes[this.offset++] = this.pending & 0xff;
    return this.offset;
  }
}

/** A conformer's coordinates as version 4 stores them. */
interface PackedConformer {
  /** The least x, y, z of its sites, as f32. */
  origin: [number, number, number];
  /** bx | by << 5 | bz << 10: the bits of each axis' steps. */
  widths: number;
  steps: Uint16Array;
  /** The coordinates decoding will return. */
  stored: Float64Array;
}

function packConformer(coords: Float64Array, sites: number, index: number): PackedConformer {
  if (coords.length !== 3 * sites) throw new Error(`Conformer ${index} has ${coords.length / 3} sites, the model has ${sites}.`);
  const origin: [number, number, number] = [0, 0, 0];
  for (let axis = 0; axis < 3; axis++) {
    let least = Infinity;
    for (let i = 0; i < sites; i++) least = Math.min(least, coords[3 * i + axis]!);
    // Quantise against the f32 decoding reads back, so it adds back exactly this origin.
    origin[axis] = sites === 0 ? 0 : Math.fround(least);
  }
  const steps = new Uint16Array(3 * sites);
  const stored = new Float64Array(3 * sites);
  const largest = [0, 0, 0];
  for (let i = 0; i < 3 * sites; i++) {
    const axis = i % 3;
    // f32 rounding may put the origin a hair above the least coordinate: that site takes step 0.
    const value = Math.max(0, Math.round((coords[i]! - origin[axis]!) / COORDINATE_STEP));
    if (value >= 2 ** MAX_SPAN_BITS) throw new Error(`Conformer ${index} spans more than 327 Å.`);
    steps[i] = value;
    stored[i] = origin[axis]! + value * COORDINATE_STEP;
    largest[axis] = Math.max(largest[axis]!, value);
  }
  const widths = largest.reduce((field, value, axis) => field | (bitsFor(value) << (axis * WIDTH_BITS)), 0);
  return { origin, widths, steps, stored };
}

export function encodeModel(model: Model3D): Uint8Array {
  const n = model.atomicNumbers.length;
  const h = model.hydrogenSites;
  const sites = n + h;
  if (model.charges.length !== sites) throw new Error(`Model has ${sites} sites but ${model.charges.length} charges.`);
  if (n > 0xffff || h > 0xffff || model.conformers.length > 0xffff) throw new Error('Molecule too large for the 3D model format.');
  const exponent = chargeExponent(model.charges);
  // The summaries' ESP self-overlaps are computed from exactly the charges decoding will return.
  const step = 2 ** exponent / CHARGE_STEPS;
  const chargeSteps = model.charges.map((q) => Math.round(q / step));
  const charges = chargeSteps.map((steps) => steps * step);
  const packed = model.conformers.map((coords, index) => packConformer(coords, sites, index));
  const head = headBytes(MODEL_FORMAT_VERSION, n, sites);
  const bytes = new Uint8Array(packed.reduce((size, conformer) => size + PACKED_HEAD_BYTES + packedBytes(sites, conformer.widths) + SUMMARY_BYTES, head));
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  bytes[3] = MODEL_FORMAT_VERSION;
  view.setUint16(4, n, true);
  view.setUint16(6, h, true);
  view.setUint16(8, model.conformers.length, true);
  bytes[10] = exponent;
  bytes.set(model.atomicNumbers, HEADER_BYTES);
  chargeSteps.forEach((steps, i) => view.setInt16(HEADER_BYTES + n + 2 * i, steps, true));
  let offset = head;
  for (const conformer of packed) {
    conformer.origin.forEach((value, axis) => view.setFloat32(offset + 4 * axis, value, true));
    view.setUint16(offset + 12, conformer.widths, true);
    const writer = new BitWriter(bytes, offset + PACKED_HEAD_BYTES);
    const bits = axisBits(conformer.widths);
    conformer.steps.forEach((value, i) => writer.write(value, bits[i % 3]!));
    offset = writer.end();
    // The summary is computed from exactly the coordinates decoding will return.
    const summary = conformerSummary({ ...model, charges, conformers: [conformer.stored] }, 0);
    for (const value of [...summary.axes, summary.shapeSelfOverlap, summary.espSelfOverlap]) {
      view.setFloat32(offset, value, true);
      offset += 4;
    }
  }
  return bytes;
}

/**
 * The bytes a version-4 model of `sites` and `conformers` takes, read from its conformers' bit widths; where
 * the bytes end before a conformer's widths, what the model takes at least.
 */
function packedModelSize(view: DataView, head: number, sites: number, conformers: number): number {
  let offset = head;
  for (let c = 0; c < conformers; c++) {
    if (offset + PACKED_HEAD_BYTES > view.byteLength) return offset + (conformers - c) * (PACKED_HEAD_BYTES + SUMMARY_BYTES);
    const widths = view.getUint16(offset + 12, true);
    for (const bits of axisBits(widths)) {
      if (bits > MAX_SPAN_BITS) throw new Error(`3D model conformer ${c} takes ${bits} bits an axis, at most ${MAX_SPAN_BITS} are written.`);
    }
    offset += PACKED_HEAD_BYTES + packedBytes(sites, widths) + SUMMARY_BYTES;
  }
  return offset;
}

/** Reads a version-4 conformer's bit stream from `at` into `coords`, each step added to its axis' origin. */
function unpackConformer(bytes: Uint8Array, at: number, origin: readonly number[], widths: number, coords: Float64Array): void {
  const bits = axisBits(widths);
  let pending = 0;
  let count = 0;
  let p = at;
  for (let i = 0; i < coords.length; i++) {
    const axis = i % 3;
    const width = bits[axis]!;
    while (count < width) {
      pending |= bytes[p++]! << count;
      count += 8;
    }
    coords[i] = origin[axis]! + (pending & ((1 << width) - 1)) * COORDINATE_STEP;
    pending >>>= width;
    count -= width;
  }
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
  const sites = n + h;
  const head = headBytes(version, n, sites);
  const expected = version >= 4 ? packedModelSize(view, head, sites, conformerCount) : fixedModelSize(n, h, conformerCount, version);
  if (bytes.length !== expected) throw new Error(`3D model is ${bytes.length} bytes, its header says ${expected}.`);
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
    const origin = [view.getFloat32(offset, true), view.getFloat32(offset + 4, true), view.getFloat32(offset + 8, true)];
    offset += 12;
    const coords = new Float64Array(3 * sites);
    if (version >= 4) {
      const widths = view.getUint16(offset, true);
      unpackConformer(bytes, offset + 2, origin, widths, coords);
      offset += 2 + packedBytes(sites, widths);
    } else {
      for (let i = 0; i < 3 * sites; i++, offset += 2) coords[i] = origin[i % 3]! + view.getInt16(offset, true) * COORDINATE_STEP;
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
