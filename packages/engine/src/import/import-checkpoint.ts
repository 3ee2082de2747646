import { appendFileSync } from 'node:fs';
import { readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { PreparedBatch } from '../features/prepared-batch.ts';
import type { ShapeBuildOptions } from '../features/shape-features.ts';

/**
 * What an import has finished, kept in its work folder so that an import killed part-way can be
 * resumed (`molsearch import ... --resume`) instead of starting over:
 *
 *   checkpoint.json   the import's inputs (paths, sizes, modification times) and build options;
 *                     a resume only continues a folder whose inputs are unchanged
 *   batches.bin       every prepared batch, in input order, as it is collected: a u32 length then
 *                     the V8 serialisation of a CheckpointRecord; a record cut short by the kill is ignored
 */
export const CHECKPOINT_FILE = 'checkpoint.json';
export const BATCHES_FILE = 'batches.bin';

export interface CheckpointHeader {
  /** Raised when the batches' layout changes: a work folder of another layout is started over, not resumed. */
  version: 2;
  id: string;
  sources: { path: string; bytes: number; modified: number }[];
  properties: string[];
  shape: ShapeBuildOptions | null;
  limit: number | null;
}

/** Where the input stands after a batch: rows of `file` consumed so far (bad rows included). */
export interface InputPosition {
  file: number;
  rowsInFile: number;
  rows: number;
}

export interface CheckpointRecord {
  batch: PreparedBatch;
  through: InputPosition;
  /** Unreadable rows met since the previous batch (already reported when they were read). */
  readErrors: number;
}

export async function checkpointHeader(id: string, files: string[], properties: string[], shape: ShapeBuildOptions | undefined, limit: number | undefined): Promise<CheckpointHeader> {
  const sources = await Promise.all(
    files.map(async (path) => {
      const info = await stat(path);
      return { path, bytes: info.size, modified: info.mtimeMs };
    }),
  );
  return { version: 2, id, sources, properties, shape: shape ?? null, limit: limit ?? null };
}

export async function startCheckpoint(dir: string, header: CheckpointHeader): Promise<void> {
  await writeFile(join(dir, BATCHES_FILE), new Uint8Array(0));
  await writeFile(join(dir, CHECKPOINT_FILE), `${JSON.stringify(header)}\n`);
}

/** Once the columns are written the batches are not needed: the finished catalogue does not carry them (about 2 KB a molecule with 3D). */
export async function discardCheckpoint(dir: string): Promise<void> {
  await rm(join(dir, BATCHES_FILE), { force: true });
  await rm(join(dir, CHECKPOINT_FILE), { force: true });
}

/**
 * Appends a collected batch to the checkpoint. Written at once, as the builder writes its spills: through
 * the promise API, opening, writing and closing the file took about 0.7 s of the main thread in a sampling
 * profile of a 30,000-row 3D import (batches of 25), while the workers needed both cores.
 */
export function appendCheckpoint(dir: string, record: CheckpointRecord): void {
  const body = serialize(record);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length);
  appendFileSync(join(dir, BATCHES_FILE), Buffer.concat([length, body]));
}

/**
 * The finished batches of a work folder whose inputs and options equal `header`, with a record cut
 * short by a kill removed from the file; undefined when the folder cannot be continued.
 */
export async function readCheckpoint(dir: string, header: CheckpointHeader): Promise<CheckpointRecord[] | undefined> {
  let stored: unknown;
  let bytes: Buffer;
  try {
    stored = JSON.parse(await readFile(join(dir, CHECKPOINT_FILE), 'utf8'));
    bytes = await readFile(join(dir, BATCHES_FILE));
  } catch {
    return undefined;
  }
  if (JSON.stringify(stored) !== JSON.stringify(header)) return undefined;
  const records: CheckpointRecord[] = [];
  let at = 0;
  while (at + 4 <= bytes.length) {
    const length = bytes.readUInt32LE(at);
    if (at + 4 + length > bytes.length) break;
    try {
      records.push(deserialize(bytes.subarray(at + 4, at + 4 + length)) as CheckpointRecord);
    } catch {
      break;
    }
    at += 4 + length;
  }
  if (at < bytes.length) await truncate(join(dir, BATCHES_FILE), at);
  return records;
}
