/** Byte strings packed back to back: item i is bytes offsets[i]..offsets[i + 1]. */
export interface PackedBytes {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

/** The offsets of items of these lengths packed back to back, one more than there are items. */
export function packedOffsets(lengths: ArrayLike<number>): Uint32Array {
  const offsets = new Uint32Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++) offsets[i + 1] = offsets[i]! + lengths[i]!;
  return offsets;
}

/** `items` (encoded models, say) packed back to back in one buffer, which a worker can be handed whole. */
export function packBytes(items: readonly Uint8Array[]): PackedBytes {
  const offsets = packedOffsets(items.map((item) => item.byteLength));
  const bytes = new Uint8Array(offsets[items.length]!);
  items.forEach((item, i) => bytes.set(item, offsets[i]!));
  return { bytes, offsets };
}

const summedLength = (chunks: readonly ArrayLike<number>[]): number => chunks.reduce((sum, chunk) => sum + chunk.length, 0);

/** `chunks` one after another in `out`, which holds at least their summed lengths. */
function joinInto<T extends Uint8Array | Float32Array>(out: T, chunks: readonly T[]): T {
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** `chunks` one after another in one array of `total` values (their summed lengths unless given). */
export function concatFloats(chunks: readonly Float32Array[], total = summedLength(chunks)): Float32Array {
  return joinInto(new Float32Array(total), chunks);
}

/** `chunks` one after another in one array of `total` bytes (their summed lengths unless given). */
export function concatBytes(chunks: readonly Uint8Array[], total = summedLength(chunks)): Uint8Array {
  return joinInto(new Uint8Array(total), chunks);
}
