import { FINGERPRINT_BYTES } from '../format/catalogue-format.ts';
import type { CommonBitsKernel } from './common-bits-kernel.ts';
import { FINGERPRINTS_OFFSET, KERNEL_CHUNK_ROWS } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';

const WORDS = FINGERPRINT_BYTES / 4;

/** Portable kernel: 64 x 32-bit words per fingerprint, SWAR popcount, zero words skipped (Morgan bits are sparse). */
export function createJsKernel(column: FingerprintColumn): CommonBitsKernel {
  const words = new Uint32Array(column.memory.buffer, FINGERPRINTS_OFFSET, column.count * WORDS);
  const query = new Uint32Array(WORDS);
  const hits = new Uint32Array(KERNEL_CHUNK_ROWS * 2);
  return {
    kind: 'js',
    hits,
    setQuery(fingerprint: Uint8Array): void {
      query.set(new Uint32Array(fingerprint.buffer.slice(fingerprint.byteOffset, fingerprint.byteOffset + FINGERPRINT_BYTES)));
    },
    scan(firstRow: number, rows: number, minCommon: number): number {
      return scanWords(words, query, firstRow * WORDS, rows, minCommon, hits);
    },
  };
}

function scanWords(words: Uint32Array, query: Uint32Array, firstWord: number, rows: number, minCommon: number, hits: Uint32Array): number {
  let found = 0;
  let w = firstWord;
  for (let row = 0; row < rows; row++) {
    let common = 0;
    for (let j = 0; j < WORDS; j++) {
      let v = (query[j]! & words[w + j]!) >>> 0;
      if (v === 0) continue;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      common += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    if (common >= minCommon) {
      hits[found * 2] = row;
      hits[found * 2 + 1] = common;
      found++;
    }
    w += WORDS;
  }
  return found;
}
