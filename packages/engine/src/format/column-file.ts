import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError } from './engine-error.ts';
import type { ManifestFile } from './catalogue-format.ts';

/** Rows a column writer holds before writing them out, to bound memory. */
export const WRITE_ROWS = 65536;

/** Reads one binary column of a catalogue, refusing a missing file or one of the wrong size; errors name the file. */
export async function readColumn(dir: string, name: string, bytes: number): Promise<Uint8Array> {
  const path = join(dir, name);
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch (error) {
    throw new EngineError('CATALOGUE_CORRUPT', `Cannot read ${path}: ${String(error)}`, { cause: error });
  }
  if (data.byteLength !== bytes) throw new EngineError('CATALOGUE_CORRUPT', `${path} has ${data.byteLength} bytes, expected ${bytes}: re-import the catalogue.`);
  return data;
}

/** The column as its own ArrayBuffer, aligned for typed-array views. */
export async function readColumnBuffer(dir: string, name: string, bytes: number): Promise<ArrayBuffer> {
  return toArrayBuffer(await readColumn(dir, name, bytes));
}

/** True when `offsets` starts at 0 and never decreases: a sound offset table of an offsets-and-blob pair. */
export function offsetsAscendFromZero(offsets: Uint32Array): boolean {
  if (offsets[0] !== 0) return false;
  for (let i = 1; i < offsets.length; i++) if (offsets[i]! < offsets[i - 1]!) return false;
  return true;
}

export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export async function writeBytes(dir: string, name: string, bytes: Uint8Array): Promise<ManifestFile> {
  const handle = await open(join(dir, name), 'w');
  try {
    await handle.write(bytes);
  } finally {
    await handle.close();
  }
  return { name, bytes: bytes.byteLength };
}
