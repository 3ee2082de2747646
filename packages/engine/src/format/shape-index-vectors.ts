import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { EngineError } from './engine-error.ts';
import { INDEX_BITS } from './shape-index-layout.ts';

/** Bytes of one packed index vector as usearch stores it: one bit a voxel, the first in the top bit of the first byte. */
export const INDEX_VECTOR_BYTES = Math.ceil(INDEX_BITS / 8);

/** Where the index file keeps its vectors, and the key of each (format/shape-index-layout.ts). */
export interface IndexVectorLayout {
  /** Byte offset of the first vector; vector s (usearch's slot s) is INDEX_VECTOR_BYTES further on per slot. */
  first: number;
  /** The key (input row) of the vector in each slot. */
  slotKeys: Uint32Array;
}

// usearch 2.x file layout (index_dense.hpp and index.hpp, save_to_stream), for 32-bit slots and 64-bit keys:
// u32 rows, u32 bytes a vector; the vectors in slot order; a 64-byte head ("usearch", versions, kinds, counts);
// the graph: u64 size, connectivity, base connectivity, max level, entry slot; an i16 level a node; then each
// node: u64 key, i16 level, the base layer's u32 count and base-connectivity u32 slots, and per level above
// the count and connectivity slots.
const DENSE_HEAD_BYTES = 64;
const GRAPH_HEAD_BYTES = 40;
const NODE_HEAD_BYTES = 10;
const MAGIC = 'usearch';

/**
 * Reads where the usearch file at `path` keeps its vectors and which key each slot holds, so the vectors
 * can be scanned without the graph. The layout is read from the file (not assumed from a build), and a file
 * that does not match it is refused with a named error (a damaged or foreign file: re-import).
 */
export function readIndexVectorLayout(path: string): IndexVectorLayout {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const fail = (why: string): never => {
      throw new EngineError('CATALOGUE_CORRUPT', `${path} is not a readable 3D index (${why}): re-import the catalogue.`);
    };
    const read = (at: number, length: number): Buffer => {
      if (at + length > size) fail(`ends at ${size} bytes, before byte ${at + length}`);
      const out = Buffer.alloc(length);
      readSync(fd, out, 0, length, at);
      return out;
    };
    const dims = read(0, 8);
    const slots = dims.readUInt32LE(0);
    if (dims.readUInt32LE(4) !== INDEX_VECTOR_BYTES) fail(`vectors of ${dims.readUInt32LE(4)} bytes, not ${INDEX_VECTOR_BYTES}`);
    const headAt = 8 + slots * INDEX_VECTOR_BYTES;
    const head = read(headAt, DENSE_HEAD_BYTES + GRAPH_HEAD_BYTES);
    if (head.toString('latin1', 0, MAGIC.length) !== MAGIC) fail('no usearch head after the vectors');
    const graph = DENSE_HEAD_BYTES;
    const nodes = Number(head.readBigUInt64LE(graph));
    const connectivity = Number(head.readBigUInt64LE(graph + 8));
    const base = Number(head.readBigUInt64LE(graph + 16));
    if (nodes !== slots) fail(`${nodes} graph nodes for ${slots} vectors`);
    const levelsAt = headAt + DENSE_HEAD_BYTES + GRAPH_HEAD_BYTES;
    const levels = read(levelsAt, 2 * slots);
    const baseBytes = 4 + 4 * base;
    const levelBytes = 4 + 4 * connectivity;
    const slotKeys = new Uint32Array(slots);
    // The nodes are read in large pieces: only each node's key is kept.
    const piece = Buffer.alloc(1 << 22);
    let pieceAt = -1;
    let pieceEnd = -1;
    let at = levelsAt + 2 * slots;
    for (let slot = 0; slot < slots; slot++) {
      const level = levels.readInt16LE(2 * slot);
      if (level < 0) fail(`node ${slot} has level ${level}`);
      const bytes = NODE_HEAD_BYTES + baseBytes + level * levelBytes;
      if (at + 8 > pieceEnd) {
        pieceAt = at;
        pieceEnd = at + readSync(fd, piece, 0, piece.length, at);
        if (at + 8 > pieceEnd) fail(`ends inside node ${slot}`);
      }
      const key = piece.readBigUInt64LE(at - pieceAt);
      if (key > 0xffffffffn) fail(`node ${slot} has key ${key}`);
      slotKeys[slot] = Number(key);
      at += bytes;
    }
    if (at !== size) fail(`the nodes end at byte ${at} of ${size}`);
    return { first: 8, slotKeys };
  } finally {
    closeSync(fd);
  }
}

/** Packs vectors of one byte a bit (queryIndexVectors) as usearch does, INDEX_VECTOR_BYTES each. */
export function packIndexVectors(bytes: Int8Array): Uint8Array {
  const count = bytes.length / INDEX_BITS;
  const out = new Uint8Array(count * INDEX_VECTOR_BYTES);
  for (let v = 0; v < count; v++) {
    for (let b = 0; b < INDEX_BITS; b++) if (bytes[v * INDEX_BITS + b]! > 0) out[v * INDEX_VECTOR_BYTES + (b >>> 3)]! |= 0x80 >>> (b & 7);
  }
  return out;
}
