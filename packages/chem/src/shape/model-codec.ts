import { conformerSummary } from './conformer-summary.ts';
import { BitReader, BitWriter, bitsFor } from './model-bits.ts';
import { COORDINATE_STEP, hydrogenParents, leastConformerBytes, packConformer, packedConformerBytes, readConformer, storedConformerBytes, writeConformer } from './model-conformers.ts';
import type { ConformerSummary, Model3D } from './model-3d.ts';

/**
 * Byte layout of a `Model3D` as the index stores it (little-endian):
 *   0  'M' '3' 'D' version           4 bytes
 *   4  heavy atoms n, kept hydrogens h, conformers K (u16 each)
 *  10  (version 3 on) charge scale exponent e (u8), then (version 5) 1 when the atomic numbers are coded
 *      in 4 bits (ELEMENT_CODES), else 0 (reserved before)
 *  12  n atomic numbers: (version 5) 4-bit codes or u8 in the bit stream below; (before) u8
 *      n + h charges: (version 5) in the same bit stream, lowest bit first, 12 bits each, steps of 2^e / 2048 e
 *      above -2^e, e the least with every |charge| < 2^e, summing to the total charge in whole steps
 *      (error under one step, 4.9e-4 e, for charges under 1 e),
 *      followed in the same stream by each hydrogen's parent: the index of the heavy atom nearest to it in
 *      the first conformer, in as many bits as n - 1 takes (none without heavy atoms: the hydrogens' steps
 *      are then from the origin), padded to a whole byte; (versions 3 and 4) int16 steps of 2^e / 32768 e
 *      (error at most 1.6e-5 e); (versions 1 and 2) f32
 *      per conformer, coordinates in steps of 0.005 Å (error at most 0.0025 Å per axis), as
 *        (versions 4 and 5) model-conformers.ts packs them in the bits their span needs;
 *        (versions 1 to 3) the mean x, y, z of its sites (f32), then each site's x, y, z steps from it as
 *        int16 (±163 Å);
 *      (version 2 on) then its summary, computed from the stored (quantised) coordinates and charges:
 *      (versions 2 to 4) the heavy atoms' principal axes as a quaternion w, x, y, z (f32), then (all) the
 *      shape and ESP self-overlaps (f32). Version 5 leaves the axes out: the re-scorer computes them from
 *      the coordinates, rounded to f32 as the older versions stored them (a few µs a conformer, against the
 *      hundreds a re-scored conformer takes), and stage 1, which decodes many more models, never reads them.
 *      The self-overlaps are worth storing: their sums run over every pair of sites.
 * A drug-like conformer spans 10 to 20 Å, 11 to 12 bits an axis, so version 4 stores a site's position in
 * about 4.4 bytes instead of 6. Version 5 stores a hydrogen in about 3.4 (from its parent), an element in
 * half a byte, a charge in 1.5, a conformer's origin in 6 and its summary in 8: a model of DUD-E's pa2ga
 * (30 heavy atoms, 24 hydrogens, K = 3) took 950 bytes in version 4 and takes 798 in version 5 (its whole
 * catalogue 1,639 and 1,486 bytes a molecule), one of the 100,000 Chemspace screening molecules 498 and 402.
 * Versions 1 (no summaries), 2 (f32 charges), 3 (int16 steps from the mean) and 4 still decode; for
 * version 1 the re-scorer computes the summaries itself.
 */
export const MODEL_FORMAT_VERSION = 5;
export { COORDINATE_STEP };

const MAGIC = [0x4d, 0x33, 0x44] as const;
const HEADER_BYTES = 12;
/** A conformer's summary: the quaternion (versions 2 to 4) and the two self-overlaps. */
const summaryBytes = (version: number): number => (version >= 5 ? 8 : version >= 2 ? 24 : 0);
/**
 * Charges are signed steps of 2^e / 2^(b - 1), e the least with every |charge| below 2^e: b = 16 (int16) in
 * versions 3 and 4, b = CHARGE_BITS in version 5, in a bit stream. Drug-like partial charges stay under 2 e;
 * e goes up to 15 so that no structure RDKit accepts, however exotic its formal charges, is refused. At 12 bits
 * a charge under 1 e is within 4.9e-4 e, and the exact scores of model-quantisation.test.ts stay within 3.3e-4
 * of the unquantised models' (shape 3.3e-4, electrostatic 2.2e-4; 3.2e-4 and 2.5e-4 in version 4).
 */
const CHARGE_BITS = 12;
const MAX_CHARGE_EXPONENT = 15;
const chargeBits = (version: number): number => (version >= 5 ? CHARGE_BITS : 16);

/** The least e with every |charge| below 2^e, so that the largest charge fits in `bits`-bit signed steps of 2^e / 2^(bits - 1). */
function chargeExponent(charges: ArrayLike<number>, bits: number): number {
  const steps = 2 ** (bits - 1);
  let largest = 0;
  for (let i = 0; i < charges.length; i++) largest = Math.max(largest, Math.abs(charges[i]!));
  let exponent = 0;
  while (exponent < MAX_CHARGE_EXPONENT && largest >= 2 ** exponent * (1 - 0.5 / steps)) exponent++;
  if (largest >= 2 ** MAX_CHARGE_EXPONENT * (1 - 0.5 / steps)) throw new Error(`A partial charge of ${largest.toFixed(2)} e is too large for the 3D model format.`);
  return exponent;
}

/**
 * Each charge in whole steps, rounded so that they sum to the total charge in whole steps: rounded one by one,
 * ibuprofen's 12-bit charges summed to 4.9e-4 e rather than 0. The steps the rounding moved most are moved back.
 */
function conservedSteps(charges: ArrayLike<number>, step: number, largest: number): number[] {
  const exact = Array.from(charges, (q) => q / step);
  const steps = exact.map((value) => Math.round(value));
  let residual = Math.round(exact.reduce((sum, value) => sum + value, 0)) - steps.reduce((sum, value) => sum + value, 0);
  const direction = Math.sign(residual);
  // The sites whose rounding went furthest against the residual first (the first of equals).
  const order = exact.map((_, i) => i).sort((a, b) => direction * (exact[b]! - steps[b]!) - direction * (exact[a]! - steps[a]!) || a - b);
  for (const i of order) {
    if (residual === 0) break;
    if (Math.abs(steps[i]! + direction) > largest) continue;
    steps[i]! += direction;
    residual -= direction;
  }
  return steps;
}

/** Bits of a hydrogen's parent (version 5). */
const parentBits = (heavyAtoms: number): number => bitsFor(Math.max(0, heavyAtoms - 1));

/**
 * The elements a version-5 model may write in 4 bits each (byte 11 says so): those of drug-like molecules.
 * A model with any other element writes every atomic number in 8.
 */
const ELEMENT_CODES = [6, 7, 8, 16, 9, 17, 35, 53, 15, 5, 14, 34, 33, 52, 3, 11] as const;
const ELEMENT_CODE = new Map<number, number>(ELEMENT_CODES.map((element, code) => [element, code]));

/** Bits of a heavy atom's atomic number: 4 when byte 11 says they are coded (version 5), else 8. */
const elementBits = (coded: boolean): number => (coded ? 4 : 8);

/** Bytes before the first conformer. */
function headBytes(version: number, heavyAtoms: number, hydrogens: number, coded: boolean): number {
  const sites = heavyAtoms + hydrogens;
  if (version >= 5) return HEADER_BYTES + Math.ceil((heavyAtoms * elementBits(coded) + sites * CHARGE_BITS + hydrogens * parentBits(heavyAtoms)) / 8);
  return HEADER_BYTES + heavyAtoms + (version >= 3 ? 2 : 4) * sites;
}

/** Bytes of a version-1 to 3 model, whose conformers all take the same room. */
function fixedModelSize(heavyAtoms: number, hydrogenSites: number, conformers: number, version: number): number {
  const sites = heavyAtoms + hydrogenSites;
  return headBytes(version, heavyAtoms, hydrogenSites, false) + conformers * (12 + 6 * sites + summaryBytes(version));
}

export function encodeModel(model: Model3D): Uint8Array {
  const n = model.atomicNumbers.length;
  const h = model.hydrogenSites;
  const sites = n + h;
  if (model.charges.length !== sites) throw new Error(`Model has ${sites} sites but ${model.charges.length} charges.`);
  if (n > 0xffff || h > 0xffff || model.conformers.length > 0xffff) throw new Error('Molecule too large for the 3D model format.');
  const exponent = chargeExponent(model.charges, CHARGE_BITS);
  // The summaries' ESP self-overlaps are computed from exactly the charges decoding will return.
  const step = 2 ** exponent / 2 ** (CHARGE_BITS - 1);
  const chargeSteps = conservedSteps(model.charges, step, 2 ** (CHARGE_BITS - 1) - 1);
  const charges = Float64Array.from(chargeSteps, (steps) => steps * step);
  const first = model.conformers[0];
  const parents = hydrogenParents(first?.length === 3 * sites ? first : undefined, n, sites);
  const packed = model.conformers.map((coords, index) => packConformer(coords, n, parents, index));
  const coded = model.atomicNumbers.every((element) => ELEMENT_CODE.has(element));
  const head = headBytes(MODEL_FORMAT_VERSION, n, h, coded);
  const bytes = new Uint8Array(packed.reduce((size, conformer) => size + packedConformerBytes(conformer, n, h) + summaryBytes(MODEL_FORMAT_VERSION), head));
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  bytes[3] = MODEL_FORMAT_VERSION;
  view.setUint16(4, n, true);
  view.setUint16(6, h, true);
  view.setUint16(8, model.conformers.length, true);
  bytes[10] = exponent;
  bytes[11] = coded ? 1 : 0;
  // Elements, charges and parents share one bit stream; a charge is written as its steps above the most negative.
  const headWriter = new BitWriter(bytes, HEADER_BYTES);
  for (const element of model.atomicNumbers) headWriter.write(coded ? ELEMENT_CODE.get(element)! : element, elementBits(coded));
  for (const steps of chargeSteps) headWriter.write(steps + 2 ** (CHARGE_BITS - 1), CHARGE_BITS);
  for (const parent of parents) headWriter.write(Math.max(0, parent), parentBits(n));
  headWriter.end();
  let offset = head;
  for (const conformer of packed) {
    offset = writeConformer(bytes, offset, conformer, n);
    // The summary is computed from exactly the coordinates decoding will return.
    const summary = conformerSummary({ ...model, charges, conformers: [conformer.stored] }, 0);
    for (const value of [summary.shapeSelfOverlap, summary.espSelfOverlap]) {
      view.setFloat32(offset, value, true);
      offset += 4;
    }
  }
  return bytes;
}

/**
 * The bytes a version-4 or 5 model takes, read from its conformers' bit widths; where the bytes end before a
 * conformer's widths, what the model takes at least.
 */
function packedModelSize(view: DataView, head: number, heavy: number, hydrogens: number, conformers: number, version: number): number {
  let offset = head;
  for (let c = 0; c < conformers; c++) {
    const bytes = storedConformerBytes(view, offset, heavy, hydrogens, version, c);
    if (bytes === undefined) return offset + (conformers - c) * (leastConformerBytes(version) + summaryBytes(version));
    offset += bytes + summaryBytes(version);
  }
  return offset;
}

/** The hydrogens' parents of a version-5 model, read from where `reader` stands. */
function readParents(reader: BitReader, heavy: number, hydrogens: number, scratch?: DecodeScratch): Int32Array {
  const parents = scratch ? scratchParents(scratch, hydrogens) : new Int32Array(hydrogens);
  for (let k = 0; k < hydrogens; k++) {
    parents[k] = heavy === 0 ? -1 : reader.read(parentBits(heavy));
    if (parents[k]! >= heavy) throw new Error(`3D model hydrogen ${k} names heavy atom ${parents[k]} as its parent, the model has ${heavy}.`);
  }
  return parents;
}

/** What a model's header says, checked against its length. */
interface ModelHeader {
  version: number;
  view: DataView;
  heavy: number;
  hydrogens: number;
  conformers: number;
  coded: boolean;
  /** Where the first conformer starts. */
  head: number;
}

function readHeader(bytes: Uint8Array): ModelHeader {
  if (bytes.length < HEADER_BYTES || bytes[0] !== MAGIC[0] || bytes[1] !== MAGIC[1] || bytes[2] !== MAGIC[2]) {
    throw new Error('Not a molsearch 3D model (bad header).');
  }
  const version = bytes[3]!;
  if (version < 1 || version > MODEL_FORMAT_VERSION) {
    throw new Error(`3D model format version ${version} is not supported (expected 1 to ${MODEL_FORMAT_VERSION}).`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const heavy = view.getUint16(4, true);
  const hydrogens = view.getUint16(6, true);
  const conformers = view.getUint16(8, true);
  const coded = version >= 5 && bytes[11] === 1;
  const head = headBytes(version, heavy, hydrogens, coded);
  const expected = version >= 4 ? packedModelSize(view, head, heavy, hydrogens, conformers, version) : fixedModelSize(heavy, hydrogens, conformers, version);
  if (bytes.length !== expected) throw new Error(`3D model is ${bytes.length} bytes, its header says ${expected}.`);
  return { version, view, heavy, hydrogens, conformers, coded, head };
}

/**
 * Reads the conformer at `offset` into `coords`, every site or (3 x heavy atoms long) the heavy atoms alone;
 * returns the offset after it, its summary not included. `parents` is given for version 5.
 */
function readSites(bytes: Uint8Array, header: ModelHeader, offset: number, parents: Int32Array | undefined, coords: Float64Array): number {
  if (header.version >= 4) return readConformer(bytes, offset, header.heavy, header.hydrogens, parents, coords);
  const { view } = header;
  const origin = [view.getFloat32(offset, true), view.getFloat32(offset + 4, true), view.getFloat32(offset + 8, true)];
  for (let i = 0; i < coords.length; i++) coords[i] = origin[i % 3]! + view.getInt16(offset + 12 + 2 * i, true) * COORDINATE_STEP;
  return offset + 12 + 6 * (header.heavy + header.hydrogens);
}

/** Float `k` of a conformer's summary at `offset` (a function of the module, not made again for every conformer decoded). */
function summaryFloat(view: DataView, offset: number, k: number): number {
  return view.getFloat32(offset + 4 * k, true);
}

export function decodeModel(bytes: Uint8Array): Model3D {
  return decodeModelWith(bytes, undefined);
}

/**
 * decodeModel with the conformers and charges as views of the scratch's arrays, grown as needed, valid until the
 * next decode into it: for a thread that decodes many models in turn and keeps none.
 */
export function decodeModelInto(bytes: Uint8Array, scratch: DecodeScratch): Model3D {
  return decodeModelWith(bytes, scratch);
}

function decodeModelWith(bytes: Uint8Array, scratch: DecodeScratch | undefined): Model3D {
  const header = readHeader(bytes);
  const { version, view, heavy: n, hydrogens: h, coded, head } = header;
  const sites = n + h;
  const atomicNumbers = version >= 5 ? new Uint8Array(n) : bytes.slice(HEADER_BYTES, HEADER_BYTES + n);
  let offset = HEADER_BYTES + (version >= 5 ? 0 : n);
  // Every site's charge is written below, whichever the version.
  const charges = scratch ? scratchCharges(scratch, sites) : new Float64Array(sites);
  if (version >= 3 && bytes[10]! > MAX_CHARGE_EXPONENT) throw new Error(`3D model has a charge scale of 2^${bytes[10]} e, at most 2^${MAX_CHARGE_EXPONENT} is written.`);
  const step = 2 ** bytes[10]! / 2 ** (chargeBits(version) - 1);
  let parents: Int32Array | undefined;
  if (version >= 5) {
    const reader = new BitReader(bytes, offset);
    for (let i = 0; i < n; i++) atomicNumbers[i] = coded ? ELEMENT_CODES[reader.read(4)]! : reader.read(8);
    for (let i = 0; i < sites; i++) charges[i] = (reader.read(CHARGE_BITS) - 2 ** (CHARGE_BITS - 1)) * step;
    parents = readParents(reader, n, h, scratch);
  } else if (version >= 3) {
    for (let i = 0; i < sites; i++, offset += 2) charges[i] = view.getInt16(offset, true) * step;
  } else {
    for (let i = 0; i < sites; i++, offset += 4) charges[i] = view.getFloat32(offset, true);
  }
  offset = head;
  const conformers: Float64Array[] = [];
  const summaries: ConformerSummary[] = [];
  if (scratch && scratch.coords.length < 3 * sites * header.conformers) scratch.coords = new Float64Array(3 * sites * header.conformers);
  for (let c = 0; c < header.conformers; c++) {
    const coords = scratch ? scratch.coords.subarray(3 * sites * c, 3 * sites * (c + 1)) : new Float64Array(3 * sites);
    offset = readSites(bytes, header, offset, parents, coords);
    conformers.push(coords);
    if (version >= 5) summaries.push({ shapeSelfOverlap: summaryFloat(view, offset, 0), espSelfOverlap: summaryFloat(view, offset, 1) });
    else if (version >= 2) {
      const axes = [summaryFloat(view, offset, 0), summaryFloat(view, offset, 1), summaryFloat(view, offset, 2), summaryFloat(view, offset, 3)] as const;
      summaries.push({ axes, shapeSelfOverlap: summaryFloat(view, offset, 4), espSelfOverlap: summaryFloat(view, offset, 5) });
    }
    offset += summaryBytes(version);
  }
  return { atomicNumbers, hydrogenSites: h, charges, conformers, ...(version >= 2 ? { summaries } : {}) };
}

/**
 * Where decodeModelInto and decodeHeavyConformers may put the arrays they return, for a thread that decodes many
 * models in turn: a typed array of more than 64 bytes is allocated outside V8's heap, at 0.35-1.8 µs each.
 */
export interface DecodeScratch {
  coords: Float64Array;
  charges?: Float64Array;
  parents?: Int32Array;
}

/** The scratch's charges for `sites` sites, its array grown to hold them first. */
function scratchCharges(scratch: DecodeScratch, sites: number): Float64Array {
  if (!scratch.charges || scratch.charges.length < sites) scratch.charges = new Float64Array(2 * sites);
  return scratch.charges.subarray(0, sites);
}

/** The scratch's hydrogen parents for `hydrogens` hydrogens, its array grown to hold them first. */
function scratchParents(scratch: DecodeScratch, hydrogens: number): Int32Array {
  if (!scratch.parents || scratch.parents.length < hydrogens) scratch.parents = new Int32Array(2 * hydrogens);
  return scratch.parents.subarray(0, hydrogens);
}

/**
 * The heavy atoms' coordinates (3 x heavy atoms each) of a model's first `most` conformers, the same to the
 * last bit as decodeModel's, without its elements, charges and hydrogens: the shape stage 1 decodes thousands
 * of models a search and needs nothing else. On Chemspace screening molecules this takes about two thirds of the
 * time of a whole decode (`npm run bench -- stage1-grids` times it with the grids). With `scratch` the
 * conformers are views of its array, grown as needed, valid until the next decode into it.
 */
export function decodeHeavyConformers(bytes: Uint8Array, most: number, scratch?: DecodeScratch): Float64Array[] {
  const header = readHeader(bytes);
  // A hydrogen's parent is read only to place the hydrogen: version 5 is told apart by an empty list.
  const parents = header.version >= 5 ? new Int32Array(0) : undefined;
  const conformers: Float64Array[] = [];
  const size = 3 * header.heavy;
  if (scratch && scratch.coords.length < most * size) scratch.coords = new Float64Array(most * size);
  let offset = header.head;
  for (let c = 0; c < Math.min(most, header.conformers); c++) {
    const coords = scratch ? scratch.coords.subarray(c * size, (c + 1) * size) : new Float64Array(size);
    offset = readSites(bytes, header, offset, parents, coords) + summaryBytes(header.version);
    conformers.push(coords);
  }
  return conformers;
}
