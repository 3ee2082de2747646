import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { ManifestFile } from './catalogue-format.ts';
import { Checksum } from './checksum.ts';

/** Rows a column writer holds before writing them out, to bound memory. */
export const WRITE_ROWS = 65536;

/**
 * Writes the column file `name` into `dir` from the pieces `fill` hands to `write`, in order, and returns
 * its manifest entry: bytes and checksum counted as the pieces go out.
 */
export async function writeColumn(dir: string, name: string, fill: (write: (piece: Uint8Array) => Promise<void>) => Promise<void>): Promise<ManifestFile> {
  const handle = await open(join(dir, name), 'w');
  const checksum = new Checksum();
  let bytes = 0;
  try {
    await fill(async (piece) => {
      checksum.update(piece);
      bytes += piece.byteLength;
      await handle.write(piece);
    });
  } finally {
    await handle.close();
  }
  return { name, bytes, crc32: checksum.hex() };
}

/** The manifest entry of a file another writer made (a library's index file): its size and checksum, read in pieces. */
export async function describeFile(dir: string, name: string): Promise<ManifestFile> {
  const handle = await open(join(dir, name), 'r');
  const checksum = new Checksum();
  const piece = new Uint8Array(1 << 22);
  let bytes = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(piece, 0, piece.byteLength, bytes);
      if (bytesRead === 0) break;
      checksum.update(piece.subarray(0, bytesRead));
      bytes += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return { name, bytes, crc32: checksum.hex() };
}

export function writeBytes(dir: string, name: string, bytes: Uint8Array): Promise<ManifestFile> {
  return writeColumn(dir, name, (write) => write(bytes));
}

/** True when `offsets` starts at 0 and never decreases: a sound offset table of an offsets-and-blob pair. */
export function offsetsAscendFromZero(offsets: Uint32Array): boolean {
  if (offsets[0] !== 0) return false;
  for (let i = 1; i < offsets.length; i++) if (offsets[i]! < offsets[i - 1]!) return false;
  return true;
}

/** The bytes as their own ArrayBuffer, aligned for typed-array views (a Buffer may be a view into Node's shared pool). */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
