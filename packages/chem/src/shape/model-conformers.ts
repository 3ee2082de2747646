import { BitWriter, bitsFor, unzigzag, zigzag } from './model-bits.ts';

/**
 * The conformers of the 3D model format (model-codec.ts): coordinates in steps of 0.005 Å, packed in the bits
 * their span needs. A version-5 conformer is
 *   widths  u16  bx | by << 5 | bz << 10: the bits (0 to 16) of each axis' steps of a heavy atom above the
 *                origin; bit 15 set when the origin is written as f32 (below)
 *   widths  u16  hx | hy << 5 | hz << 10: the bits of each axis' steps of a hydrogen from its parent's,
 *                zig-zag coded (0, -1, 1, -2, ... as 0, 1, 2, 3, ...)
 *   origin       the least x, y, z of its sites, rounded down to whole steps: 3 int16 (±163 Å); or, with bit
 *                15 set, the least x, y, z themselves as 3 f32 (a conformer farther from the frame's origin)
 *   stream       each heavy atom's x, y, z steps above the origin, then each hydrogen's from its parent's,
 *                lowest bit first, padded to a whole byte
 * A version-4 conformer is its least x, y, z as 3 f32, the first widths (for every site), then every site's steps
 * above the origin. A hydrogen's parent is the heavy atom nearest to it in the first conformer (model-codec.ts
 * writes them once a model); a hydrogen 1.0-1.1 Å from it takes 9 bits and a sign an axis, where its steps above
 * the origin would take the 11 to 13 of a drug-like molecule's span.
 */
export const COORDINATE_STEP = 0.005;
/** Steps above the origin: 16 bits, 327 Å. */
const MAX_SPAN_BITS = 16;
const WIDTH_BITS = 5;
const F32_ORIGIN = 0x8000;
const INT16_RANGE = [-0x8000, 0x7fff] as const;

// No closures in the helpers a decode calls per conformer: the TypeScript loader names each closure it creates,
// which cost stage 1 several per cent of its model decoding.

/** The bits bx, by, bz of a widths field. */
function axisBits(widths: number): [number, number, number] {
  const mask = (1 << WIDTH_BITS) - 1;
  return [widths & mask, (widths >>> WIDTH_BITS) & mask, (widths >>> (2 * WIDTH_BITS)) & mask];
}

function widthsOf(largest: readonly number[]): number {
  return largest.reduce((field, value, axis) => field | (bitsFor(value) << (axis * WIDTH_BITS)), 0);
}

/** The bits of one site's x, y and z together. */
function siteBits(widths: number): number {
  const [bx, by, bz] = axisBits(widths);
  return bx + by + bz;
}

/** A conformer as version 5 writes it. */
export interface PackedConformer {
  /** The origin as written: whole steps (int16), or with `widths` & F32_ORIGIN the least coordinates (f32). */
  origin: [number, number, number];
  widths: number;
  hydrogenWidths: number;
  /** Every heavy atom's steps above the origin, then every hydrogen's zig-zag coded steps from its parent's. */
  values: Uint32Array;
  /** The coordinates decoding will return. */
  stored: Float64Array;
}

/** Each hydrogen's parent: the heavy atom nearest to it in `coords` (the first of equals), -1 without heavy atoms. */
export function hydrogenParents(coords: Float64Array | undefined, heavy: number, sites: number): Int32Array {
  const parents = new Int32Array(sites - heavy).fill(heavy > 0 ? 0 : -1);
  if (!coords) return parents;
  for (let site = heavy; site < sites; site++) {
    let nearest = Infinity;
    for (let j = 0; j < heavy; j++) {
      const d = (coords[3 * j]! - coords[3 * site]!) ** 2 + (coords[3 * j + 1]! - coords[3 * site + 1]!) ** 2 + (coords[3 * j + 2]! - coords[3 * site + 2]!) ** 2;
      if (d < nearest) {
        nearest = d;
        parents[site - heavy] = j;
      }
    }
  }
  return parents;
}

export function packConformer(coords: Float64Array, heavy: number, parents: Int32Array, index: number): PackedConformer {
  const sites = heavy + parents.length;
  if (coords.length !== 3 * sites) throw new Error(`Conformer ${index} has ${coords.length / 3} sites, the model has ${sites}.`);
  const least = [0, 1, 2].map((axis) => {
    let value = Infinity;
    for (let i = 0; i < sites; i++) value = Math.min(value, coords[3 * i + axis]!);
    return sites === 0 ? 0 : value;
  });
  // On the grid of whole steps from the frame's origin where int16 reaches (±163 Å), else from the least
  // coordinates as f32 (quantised against the f32 decoding reads back, so it adds back exactly that origin).
  const gridOrigin = least.map((value) => Math.floor(value / COORDINATE_STEP));
  const onGrid = gridOrigin.every((steps) => steps >= INT16_RANGE[0] && steps <= INT16_RANGE[1]);
  const origin = (onGrid ? gridOrigin : least.map((value) => Math.fround(value))) as [number, number, number];
  const steps = new Int32Array(3 * sites);
  const stored = new Float64Array(3 * sites);
  for (let i = 0; i < 3 * sites; i++) {
    const axis = i % 3;
    // f32 rounding may put the origin a hair above the least coordinate: that site takes step 0.
    const value = onGrid ? Math.round(coords[i]! / COORDINATE_STEP) - origin[axis]! : Math.max(0, Math.round((coords[i]! - origin[axis]!) / COORDINATE_STEP));
    if (value >= 2 ** MAX_SPAN_BITS) throw new Error(`Conformer ${index} spans more than 327 Å.`);
    steps[i] = value;
    stored[i] = onGrid ? (origin[axis]! + value) * COORDINATE_STEP : origin[axis]! + value * COORDINATE_STEP;
  }
  const values = new Uint32Array(3 * sites);
  const largest = [0, 0, 0];
  const hydrogenLargest = [0, 0, 0];
  for (let i = 0; i < 3 * sites; i++) {
    const axis = i % 3;
    if (i < 3 * heavy) {
      values[i] = steps[i]!;
      largest[axis] = Math.max(largest[axis]!, steps[i]!);
      continue;
    }
    const parent = parents[((i / 3) | 0) - heavy]!;
    values[i] = zigzag(steps[i]! - (parent < 0 ? 0 : steps[3 * parent + axis]!));
    hydrogenLargest[axis] = Math.max(hydrogenLargest[axis]!, values[i]!);
  }
  return { origin, widths: widthsOf(largest) | (onGrid ? 0 : F32_ORIGIN), hydrogenWidths: widthsOf(hydrogenLargest), values, stored };
}

const originBytes = (widths: number): number => (widths & F32_ORIGIN ? 12 : 6);

/** Bytes of a conformer's stream: version 4 has every site in `widths`, version 5 the hydrogens in `hydrogenWidths`. */
function streamBytes(heavy: number, hydrogens: number, widths: number, hydrogenWidths: number | undefined): number {
  if (hydrogenWidths === undefined) return Math.ceil(((heavy + hydrogens) * siteBits(widths)) / 8);
  return Math.ceil((heavy * siteBits(widths) + hydrogens * siteBits(hydrogenWidths)) / 8);
}

/** Bytes a packed conformer takes (version 5). */
export function packedConformerBytes(conformer: PackedConformer, heavy: number, hydrogens: number): number {
  return 4 + originBytes(conformer.widths) + streamBytes(heavy, hydrogens, conformer.widths, conformer.hydrogenWidths);
}

/** Writes a packed conformer at `offset` (version 5); returns the offset after it. */
export function writeConformer(bytes: Uint8Array, offset: number, conformer: PackedConformer, heavy: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  view.setUint16(offset, conformer.widths, true);
  view.setUint16(offset + 2, conformer.hydrogenWidths, true);
  const f32 = (conformer.widths & F32_ORIGIN) !== 0;
  conformer.origin.forEach((value, axis) => (f32 ? view.setFloat32(offset + 4 + 4 * axis, value, true) : view.setInt16(offset + 4 + 2 * axis, value, true)));
  const writer = new BitWriter(bytes, offset + 4 + originBytes(conformer.widths));
  const bits = axisBits(conformer.widths);
  const hydrogenBits = axisBits(conformer.hydrogenWidths);
  conformer.values.forEach((value, i) => writer.write(value, (i < 3 * heavy ? bits : hydrogenBits)[i % 3]!));
  return writer.end();
}

/**
 * Bytes of the conformer at `offset` (version 4 or 5), read from its widths, or undefined when the bytes end
 * before them; damaged widths are named.
 */
export function storedConformerBytes(view: DataView, offset: number, heavy: number, hydrogens: number, version: number, index: number): number | undefined {
  if (offset + (version >= 5 ? 4 : 14) > view.byteLength) return undefined;
  const widths = view.getUint16(version >= 5 ? offset : offset + 12, true);
  const hydrogenWidths = version >= 5 ? view.getUint16(offset + 2, true) : undefined;
  for (const [field, most] of [[widths, MAX_SPAN_BITS], [hydrogenWidths, MAX_SPAN_BITS + 1]] as const) {
    if (field === undefined) continue;
    for (const bits of axisBits(field)) {
      if (bits > most) throw new Error(`3D model conformer ${index} takes ${bits} bits an axis, at most ${most} are written.`);
    }
  }
  const head = version >= 5 ? 4 + originBytes(widths) : 14;
  return head + streamBytes(heavy, hydrogens, widths, hydrogenWidths);
}

/** The fewest bytes a conformer takes (version 4 or 5): what a model cut short before its widths takes at least. */
export const leastConformerBytes = (version: number): number => (version >= 5 ? 10 : 14);

/**
 * Reads the conformer at `offset` (version 4 or 5; `parents` given for 5) of `heavy` heavy atoms and `hydrogens`
 * hydrogens into `coords`, every site or (3 x heavy long) the heavy atoms alone, which come first; returns the
 * offset after it. Stage 1 decodes thousands of models a search, so the bit reader is inlined.
 */
export function readConformer(bytes: Uint8Array, offset: number, heavy: number, hydrogens: number, parents: Int32Array | undefined, coords: Float64Array): number {
  const widths = readUint16(bytes, parents ? offset : offset + 12);
  const hydrogenWidths = parents ? readUint16(bytes, offset + 2) : undefined;
  const f32 = !parents || (widths & F32_ORIGIN) !== 0;
  const originAt = parents ? offset + 4 : offset;
  for (let axis = 0; axis < 3; axis++) ORIGIN[axis] = f32 ? readFloat32(bytes, originAt + 4 * axis) : readInt16(bytes, originAt + 2 * axis);
  const at = parents ? originAt + originBytes(widths) : offset + 14;
  const sites = coords.length / 3;
  const direct = Math.min(sites, parents ? heavy : heavy + hydrogens);
  // Each value read from the 3 bytes holding its first bit (a value takes at most 17 bits), without a branch a
  // byte: where a value's bits end varies from value to value, and mispredicting it cost more than the reads.
  const last = bytes.length - 3;
  let bit = 8 * at;
  setAxisBits(widths);
  for (let site = 0; site < sites; site++) {
    if (site === direct) setAxisBits(hydrogenWidths!);
    for (let axis = 0; axis < 3; axis++) {
      const width = AXIS_BITS[axis]!;
      const p = bit >> 3;
      const window = p <= last ? bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) : tailBytes(bytes, p);
      const value = (window >> (bit & 7)) & ((1 << width) - 1);
      bit += width;
      // A hydrogen holds its zig-zag coded steps from its parent's, read before it: heavy atoms come first.
      if (site < direct) coords[3 * site + axis] = value;
      else {
        const parent = parents![site - heavy]!;
        coords[3 * site + axis] = (parent < 0 ? 0 : coords[3 * parent + axis]!) + unzigzag(value);
      }
    }
  }
  // The same sums encoding computed, so decoding returns its `stored` coordinates to the last bit.
  for (let site = 0; site < sites; site++) {
    for (let axis = 0; axis < 3; axis++) {
      const i = 3 * site + axis;
      coords[i] = f32 ? ORIGIN[axis]! + coords[i]! * COORDINATE_STEP : (ORIGIN[axis]! + coords[i]!) * COORDINATE_STEP;
    }
  }
  return at + streamBytes(heavy, hydrogens, widths, hydrogenWidths);
}

// readConformer's scratch (one thread, never re-entered), so that reading a conformer allocates nothing. With a
// DataView and small arrays a conformer, a byte read at a time and zig-zag codes decoded by division, decoding
// a model took 1.4 times as long (20,000 Chemspace models, one thread, a one-off loop) and the 3D stage 1's
// candidate columns 1.1 times (`npm run bench -- stage1-grids --against`).
const ORIGIN = new Float64Array(3);
const AXIS_BITS = new Int32Array(3);
const FLOAT_BYTES = new Uint8Array(4);
const FLOAT_VIEW = new DataView(FLOAT_BYTES.buffer);

function setAxisBits(widths: number): void {
  const mask = (1 << WIDTH_BITS) - 1;
  AXIS_BITS[0] = widths & mask;
  AXIS_BITS[1] = (widths >>> WIDTH_BITS) & mask;
  AXIS_BITS[2] = (widths >>> (2 * WIDTH_BITS)) & mask;
}

/** The up to 3 bytes from `p` of the last few of `bytes`, as a little-endian number (0 past the end). */
function tailBytes(bytes: Uint8Array, p: number): number {
  let window = 0;
  for (let i = 0; i < 3 && p + i < bytes.length; i++) window |= bytes[p + i]! << (8 * i);
  return window;
}

const readUint16 = (bytes: Uint8Array, at: number): number => bytes[at]! | (bytes[at + 1]! << 8);
const readInt16 = (bytes: Uint8Array, at: number): number => (readUint16(bytes, at) << 16) >> 16;

function readFloat32(bytes: Uint8Array, at: number): number {
  for (let i = 0; i < 4; i++) FLOAT_BYTES[i] = bytes[at + i]!;
  return FLOAT_VIEW.getFloat32(0, true);
}
