import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogueManifest, ManifestFile } from '../format/catalogue-format.ts';
import { Checksum } from '../format/checksum.ts';
import { EngineError } from '../format/engine-error.ts';
import { recordDamage } from './catalogue-damage.ts';

/** Bytes read at a time: large enough for full disk speed, small enough not to double a column's memory. */
const PIECE_BYTES = 1 << 24;

/** Closes the descriptors a CatalogueFiles kept open for row reads once nothing refers to it any more. */
const openFiles = new FinalizationRegistry<Map<string, number>>((descriptors) => {
  for (const fd of descriptors.values()) closeSync(fd);
});

/**
 * The index files of one build of a catalogue, as its manifest lists them. Every full read is checked
 * against the size and CRC-32 the import recorded, so a missing, truncated, overwritten or damaged file
 * is refused by name before its bytes are used; the damage is remembered (catalogue-damage.ts).
 */
export class CatalogueFiles {
  private readonly listed: Map<string, ManifestFile>;
  /** Descriptors kept open for row reads, by file name. */
  private readonly descriptors = new Map<string, number>();

  constructor(
    readonly dir: string,
    readonly manifest: CatalogueManifest,
    private readonly stamp: string,
  ) {
    this.listed = new Map(manifest.files.map((file) => [file.name, file]));
    openFiles.register(this, this.descriptors);
  }

  /** True when the manifest lists the file (an optional file, which older catalogues lack). */
  has(name: string): boolean {
    return this.listed.has(name);
  }

  /** The file's size as the manifest gives it (checked against the file at open). */
  size(name: string): number {
    return this.entry(name).bytes;
  }

  /** The whole file, checked. */
  async read(name: string): Promise<Buffer> {
    const entry = this.entry(name);
    const data = Buffer.allocUnsafe(entry.bytes);
    await this.readPieces(entry, (piece, at) => data.subarray(at, at + piece));
    return data;
  }

  /** The file read straight into `target` (a kernel's memory), checked on the way. */
  async readInto(name: string, target: Uint8Array): Promise<void> {
    const entry = this.entry(name);
    if (target.byteLength < entry.bytes) throw new RangeError(`${this.path(name)} needs ${entry.bytes} bytes of room, got ${target.byteLength}.`);
    await this.readPieces(entry, (piece, at) => target.subarray(at, at + piece));
  }

  /** Checks the file without keeping it. */
  async verify(name: string): Promise<void> {
    const entry = this.entry(name);
    const scratch = new Uint8Array(Math.min(PIECE_BYTES, entry.bytes));
    await this.readPieces(entry, (piece) => scratch.subarray(0, piece));
  }

  /**
   * `length` bytes at `position`, not checked: for single rows of a file whose size was checked at open.
   * The file stays open for the next row (closed when this object is collected).
   */
  readRange(name: string, position: number, length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    if (length === 0) return bytes;
    let fd = this.descriptors.get(name);
    if (fd === undefined) {
      fd = openSync(this.path(name), 'r');
      this.descriptors.set(name, fd);
    }
    if (readSync(fd, bytes, 0, length, position) !== length) throw this.damaged(name, 'is shorter than the manifest says');
    return bytes;
  }

  path(name: string): string {
    return join(this.dir, name);
  }

  private entry(name: string): ManifestFile {
    const entry = this.listed.get(name);
    if (!entry) throw this.damaged(name, 'is not listed in its manifest');
    return entry;
  }

  /** Reads the file in pieces into the buffers `into` gives, checking its size and checksum. */
  private async readPieces(entry: ManifestFile, into: (piece: number, at: number) => Uint8Array): Promise<void> {
    let handle: FileHandle;
    try {
      handle = await open(this.path(entry.name), 'r');
    } catch (error) {
      throw this.damaged(entry.name, `cannot be read (${error instanceof Error ? error.message : String(error)})`, error);
    }
    const checksum = new Checksum();
    try {
      const size = (await handle.stat()).size;
      if (size !== entry.bytes) throw this.damaged(entry.name, `has ${size} bytes, the manifest says ${entry.bytes}`);
      for (let at = 0; at < entry.bytes; ) {
        const buffer = into(Math.min(PIECE_BYTES, entry.bytes - at), at);
        let filled = 0;
        while (filled < buffer.byteLength) {
          const { bytesRead } = await handle.read(buffer, filled, buffer.byteLength - filled, at + filled);
          if (bytesRead === 0) throw this.damaged(entry.name, `ended after ${at + filled} of ${entry.bytes} bytes`);
          filled += bytesRead;
        }
        checksum.update(buffer);
        at += buffer.byteLength;
      }
    } finally {
      await handle.close();
    }
    if (checksum.hex() !== entry.crc32) throw this.damaged(entry.name, `does not match its checksum (CRC-32 ${checksum.hex()}, the manifest says ${entry.crc32}): it was overwritten or damaged`);
  }

  private damaged(name: string, why: string, cause?: unknown): EngineError {
    const error = new EngineError('CATALOGUE_CORRUPT', `Catalogue ${this.manifest.id} is damaged: ${this.path(name)} ${why}; re-import it.`, { cause });
    recordDamage(this.dir, this.stamp, error);
    return error;
  }
}
