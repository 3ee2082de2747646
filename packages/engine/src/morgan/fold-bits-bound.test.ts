import { describe, expect, it } from 'vitest';
import { seededRandom } from '@molsearch/chem';
import { allocateFingerprintMemory } from './fingerprint-memory.ts';
import { foldBitsBound } from './wasm-kernel.ts';

const GROUPS = 9;
const ROWS = GROUPS * 128;

describe('the fold bound over bit columns', () => {
  it('passes exactly the rows whose weighted sum reaches the minimum, and every row when the sum overflows its planes', () => {
    const random = seededRandom(5);
    // Columns of random bits, weights 1..8 (a fold group holds eight fingerprint bits), up to all 256 columns.
    for (const columns of [1, 7, 40, 256]) {
      const memory = allocateFingerprintMemory(0, columns * (ROWS / 8) + columns * 4 * 8 + ROWS * 4);
      const base = memory.buffer.byteLength - (columns * (ROWS / 8) + columns * 4 * 8 + ROWS * 4);
      const bitsAt = base;
      const termsAt = bitsAt + columns * (ROWS / 8);
      const outAt = termsAt + columns * 4 * 8;
      const bits = new Uint8Array(memory.buffer, bitsAt, columns * (ROWS / 8));
      const terms = new Uint32Array(memory.buffer, termsAt, columns * 4 * 2);
      const density = 0.1 + random() * 0.6;
      for (let i = 0; i < bits.length; i++) for (let b = 0; b < 8; b++) if (random() < density) bits[i]! |= 1 << b;
      const weights = Array.from({ length: columns }, () => 1 + Math.floor(random() * (random() < 0.7 ? 1 : 8)));
      let termCount = 0;
      weights.forEach((weight, k) => {
        for (let level = 0; level < 4; level++) {
          if (((weight >> level) & 1) === 0) continue;
          terms[2 * termCount] = bitsAt + k * (ROWS / 8);
          terms[2 * termCount + 1] = level;
          termCount++;
        }
      });
      const sums = Array.from({ length: ROWS }, (_, row) => weights.reduce((sum, weight, k) => sum + ((bits[k * (ROWS / 8) + (row >> 3)]! >> (row & 7)) & 1) * weight, 0));
      const bound = foldBitsBound({ memory, count: 0, popcountStarts: new Uint32Array(0) })!;
      const total = weights.reduce((a, b) => a + b, 0);
      for (const minCommon of [0, 1, 2, 3, 5, 8, 13, 31, 64, 100, 128, 200, 255, 256, 300, Math.floor(total / 2), total, total + 1]) {
        for (const [firstGroup, endGroup] of [[0, GROUPS], [2, 5]] as const) {
          const found = bound(termsAt, termCount, firstGroup, endGroup, minCommon, outAt);
          const passed = [...new Uint32Array(memory.buffer, outAt, found)];
          const rows = Array.from({ length: (endGroup - firstGroup) * 128 }, (_, i) => firstGroup * 128 + i);
          const reaching = rows.filter((row) => sums[row]! >= minCommon);
          if (minCommon <= 255) expect(passed).toEqual(reaching);
          // Past eight planes a sum that overflows them passes: a superset, never a row left out.
          else expect(passed).toEqual(rows.filter((row) => sums[row]! >= 256));
        }
      }
    }
  });
});
