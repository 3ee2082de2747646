/**
 * One NATS message body: a JSON header and binary blobs, so hit rows, scores and 3D coordinates travel
 * as raw little-endian arrays rather than JSON text. Layout: u32 header length, the header's UTF-8 JSON
 * (with `blobs`, the byte length of each blob), then the blobs, each starting at a multiple of 8 so they
 * can be viewed as Float64Array in place.
 */
export interface Frame<H> {
  header: H;
  blobs: Uint8Array[];
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

export function encodeFrame<H extends object>(header: H, blobs: readonly ArrayBufferView[] = []): Uint8Array {
  const views = blobs.map((blob) => new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength));
  const json = utf8.encode(JSON.stringify({ ...header, blobs: views.map((view) => view.byteLength) }));
  let size = align(4 + json.byteLength);
  for (const view of views) size = align(size + view.byteLength);
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, json.byteLength, true);
  bytes.set(json, 4);
  let at = align(4 + json.byteLength);
  for (const view of views) {
    bytes.set(view, at);
    at = align(at + view.byteLength);
  }
  return bytes;
}

export function decodeFrame<H>(bytes: Uint8Array): Frame<H> {
  if (bytes.byteLength < 4) throw new FrameError('a message shorter than its header');
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  if (4 + length > bytes.byteLength) throw new FrameError('a message cut short in its header');
  let parsed: H & { blobs?: unknown };
  try {
    parsed = JSON.parse(fromUtf8.decode(bytes.subarray(4, 4 + length))) as H & { blobs?: unknown };
  } catch (error) {
    throw new FrameError('a message whose header is not JSON', error);
  }
  const lengths = parsed.blobs;
  if (!Array.isArray(lengths) || !lengths.every((n) => Number.isInteger(n) && n >= 0)) throw new FrameError('a message without its blob lengths');
  const blobs: Uint8Array[] = [];
  let at = align(4 + length);
  for (const n of lengths as number[]) {
    if (at + n > bytes.byteLength) throw new FrameError('a message cut short in its data');
    // Copied into a fresh, aligned buffer: the message's own buffer may start anywhere (and a Node
    // Buffer's slice() would not copy).
    blobs.push(new Uint8Array(bytes.subarray(at, at + n)));
    at = align(at + n);
  }
  return { header: parsed, blobs };
}

export function float64s(blob: Uint8Array | undefined): Float64Array {
  if (!blob || blob.byteLength % 8 !== 0) throw new FrameError('a float64 column of the wrong size');
  return new Float64Array(blob.buffer, blob.byteOffset, blob.byteLength / 8);
}

export function uint32s(blob: Uint8Array | undefined): Uint32Array {
  if (!blob || blob.byteLength % 4 !== 0) throw new FrameError('a uint32 column of the wrong size');
  return new Uint32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4);
}

/** A message that does not follow the frame layout: a bug or a peer of another version. */
export class FrameError extends Error {
  constructor(what: string, cause?: unknown) {
    super(`Received ${what}: the search node and the API server may run different versions of molsearch.`, { cause });
    this.name = 'FrameError';
  }
}

function align(at: number): number {
  return (at + 7) & ~7;
}
