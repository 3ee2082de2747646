import { INDEX_BITS, MORE_CONFORMER_VECTORS } from './shape-index-layout.ts';

/** Bytes of one packed index vector, as usearch packs them: one bit a voxel, the first in the top bit of the first byte. */
export const INDEX_VECTOR_BYTES = Math.ceil(INDEX_BITS / 8);
/** Bytes a row of SHAPE_INDEX_FILES.conformerVectors: the packed vectors of its conformers after its first. */
export const CONFORMER_VECTOR_BYTES = MORE_CONFORMER_VECTORS * INDEX_VECTOR_BYTES;

/** Packs vectors of one byte a bit (queryIndexVectors, frameIndexVector), INDEX_VECTOR_BYTES each. */
export function packIndexVectors(bytes: Int8Array): Uint8Array {
  const count = bytes.length / INDEX_BITS;
  const out = new Uint8Array(count * INDEX_VECTOR_BYTES);
  for (let v = 0; v < count; v++) {
    for (let b = 0; b < INDEX_BITS; b++) if (bytes[v * INDEX_BITS + b]! > 0) out[v * INDEX_VECTOR_BYTES + (b >>> 3)]! |= 0x80 >>> (b & 7);
  }
  return out;
}

/**
 * The vectors of `packed` at one byte a bit, as usearch takes them to build its graph (it packs them itself),
 * `width` bytes each: the INDEX_BITS bits, then zeros (INDEX_GRAPH_DIMENSIONS).
 */
export function unpackIndexVectors(packed: Uint8Array, width: number = INDEX_BITS): Int8Array {
  const count = packed.length / INDEX_VECTOR_BYTES;
  const out = new Int8Array(count * width);
  for (let v = 0; v < count; v++) {
    for (let b = 0; b < INDEX_BITS; b++) out[v * width + b] = (packed[v * INDEX_VECTOR_BYTES + (b >>> 3)]! >>> (7 - (b & 7))) & 1;
  }
  return out;
}
