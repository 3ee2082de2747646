import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { isGzipFile } from './file-format.ts';
import { MoleculeFileError } from './molecule-record.ts';

/** A file's bytes as a stream, decompressed when gzipped, with the compressed bytes read so far for progress. */
export interface ByteSource {
  stream: Readable;
  gzipped: boolean;
  /** Size on disk; together with `bytesRead()` it gives progress and an ETA without counting records first. */
  sizeBytes: number;
  bytesRead(): number;
  /**
   * The share of the file read, 0..1: of the bytes the reader has taken (`took`) when it reports them, else
   * of the bytes read. For a gzipped file, the share of its decompressed bytes when the gzip trailer tells
   * their number: compressed bytes do not follow the rows evenly (the Chemspace sample's first third of rows
   * is 39 % of its compressed bytes and 35 % of its text).
   */
  fractionRead(): number;
  /** The reader has taken `bytes` more of the (decompressed) text. */
  took(bytes: number): void;
}

/** Compressed files up to this size cannot hold 4 GiB of text (20:1), so their trailer's size (mod 2^32) is the whole. */
const TRUSTED_TRAILER_BYTES = 200 * 2 ** 20;

export async function openByteSource(path: string): Promise<ByteSource> {
  const sizeBytes = await fileSize(path);
  const gzipped = await isGzipFile(path);
  // Where the reader reports the text it has taken, progress follows it; otherwise (a workbook) it is the
  // bytes read, which run ahead of the rows taken by up to a chunk and the buffers behind it: a 256 KiB chunk
  // of a .gz file is tens of thousands of rows, so compressed files are read 16 KiB at a time.
  const file = createReadStream(path, { highWaterMark: gzipped ? 16 * 1024 : 256 * 1024 });
  const bytesRead = (): number => file.bytesRead;
  const compressedShare = (): number => (sizeBytes > 0 ? Math.min(1, file.bytesRead / sizeBytes) : 1);
  let taken: number | undefined;
  const took = (bytes: number): void => {
    taken = (taken ?? 0) + bytes;
  };
  if (!gzipped) {
    const fractionRead = (): number => (taken === undefined || sizeBytes === 0 ? compressedShare() : Math.min(1, taken / sizeBytes));
    return { stream: file, gzipped, sizeBytes, bytesRead, fractionRead, took };
  }
  const expandedSize = await trailerSize(path, sizeBytes);
  let expanded = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      expanded += chunk.length;
      done(null, chunk);
    },
  });
  // A file of several gzip members (concatenated or bgzip) has the last member's size in its trailer: once
  // more text than that has come out, the compressed share is all there is to go by.
  const fractionRead = (): number => {
    const text = taken ?? expanded;
    return expandedSize !== undefined && text <= expandedSize ? text / expandedSize : compressedShare();
  };
  // pipeline destroys every stream on error, so a truncated or corrupt .gz surfaces to the reader
  // instead of leaving the file handle open.
  const stream = pipeline(file, createGunzip(), counter, () => undefined);
  return { stream, gzipped, sizeBytes, bytesRead, fractionRead, took };
}

/** The decompressed size a gzip trailer gives (its last four bytes), when it can be the whole file's. */
async function trailerSize(path: string, sizeBytes: number): Promise<number | undefined> {
  if (sizeBytes < 18 || sizeBytes > TRUSTED_TRAILER_BYTES) return undefined;
  const handle = await open(path, 'r');
  try {
    const tail = Buffer.alloc(4);
    await handle.read(tail, 0, 4, sizeBytes - 4);
    const size = tail.readUInt32LE(0);
    return size > 0 ? size : undefined;
  } finally {
    await handle.close();
  }
}

async function fileSize(path: string): Promise<number> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new MoleculeFileError('UNREADABLE_FILE', `Not a file: ${path}`);
    return info.size;
  } catch (error) {
    if (error instanceof MoleculeFileError) throw error;
    if (isErrnoCode(error, 'ENOENT')) throw new MoleculeFileError('FILE_NOT_FOUND', `File not found: ${path}`, { cause: error });
    if (isErrnoCode(error, 'EACCES')) throw new MoleculeFileError('UNREADABLE_FILE', `Permission denied: ${path}`, { cause: error });
    throw new MoleculeFileError('UNREADABLE_FILE', `Cannot read ${path}: ${errorMessage(error)}`, { cause: error });
  }
}

function isErrnoCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
