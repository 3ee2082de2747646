import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { FINGERPRINT_BYTES } from './catalogue-format.ts';
import { EngineError } from './engine-error.ts';
import { FOLD_BITS, FOLD_BYTES, foldColumnBytes, foldInto } from './fingerprint-fold.ts';

/** Rows transposed at a time: 16 MiB of fingerprints, 8 KiB of each column (a multiple of FOLD_GROUP_ROWS). */
const BLOCK_ROWS = 65536;

/**
 * Writes the fold bits file (format/fingerprint-fold.ts foldColumnBytes) of `count` fingerprints to `path`,
 * a block of rows at a time, so memory stays flat whatever the count: `readRows(first, rows, target)` puts
 * fingerprints first .. first + rows - 1, in row order, at the start of `target`.
 */
export async function writeFoldBits(path: string, count: number, readRows: (first: number, rows: number, target: Uint8Array) => Promise<void> | void): Promise<void> {
  const columnBytes = foldColumnBytes(count);
  const fingerprints = new Uint8Array(BLOCK_ROWS * FINGERPRINT_BYTES);
  const fold = new Uint8Array(FOLD_BYTES);
  const pieceBytes = BLOCK_ROWS / 8;
  const pieces = new Uint8Array(FOLD_BITS * pieceBytes);
  const output = await open(path, 'w');
  try {
    await output.truncate(FOLD_BITS * columnBytes);
    for (let first = 0; first < count; first += BLOCK_ROWS) {
      const rows = Math.min(BLOCK_ROWS, count - first);
      await readRows(first, rows, fingerprints);
      pieces.fill(0);
      for (let row = 0; row < rows; row++) {
        foldInto(fingerprints.subarray(row * FINGERPRINT_BYTES, (row + 1) * FINGERPRINT_BYTES), fold, 0);
        const at = row >> 3;
        const mask = 1 << (row & 7);
        for (let byte = 0; byte < FOLD_BYTES; byte++) {
          for (let bits = fold[byte]!; bits !== 0; bits &= bits - 1) pieces[((byte << 3) + 31 - Math.clz32(bits & -bits)) * pieceBytes + at]! |= mask;
        }
      }
      // The block's share of every column: whole bytes, the last block's padded to its group.
      const length = Math.min(pieceBytes, columnBytes - first / 8);
      for (let column = 0; column < FOLD_BITS; column++) await writeFully(output, pieces.subarray(column * pieceBytes, column * pieceBytes + length), column * columnBytes + first / 8);
    }
  } finally {
    await output.close();
  }
}

/** The fold bits file of a fingerprint file made otherwise than by an import (the scale benchmark's replicated columns). */
export async function writeFoldBitsOf(fingerprintFile: string, count: number, path: string): Promise<void> {
  const input = await open(fingerprintFile, 'r');
  try {
    await writeFoldBits(path, count, async (first, rows, target) => {
      const length = rows * FINGERPRINT_BYTES;
      for (let filled = 0; filled < length; ) {
        const { bytesRead } = await input.read(target, filled, length - filled, first * FINGERPRINT_BYTES + filled);
        if (bytesRead === 0) throw new EngineError('CATALOGUE_CORRUPT', `${fingerprintFile} ended before row ${first + rows} of ${count}.`);
        filled += bytesRead;
      }
    });
  } finally {
    await input.close();
  }
}

async function writeFully(output: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  for (let written = 0; written < bytes.length; ) written += (await output.write(bytes, written, bytes.length - written, position + written)).bytesWritten;
}
