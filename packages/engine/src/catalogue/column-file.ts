import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError } from '../engine-error.ts';

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

export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
