import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowSpill } from './row-spill.ts';
import { DROPPED, writeInOrder } from './spill-order.ts';
import type { OutputOrder, PassLimits } from './spill-order.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-spill-order-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every third row dropped, the rest in a shuffled order (seeded). */
function someOrder(rows: number): OutputOrder {
  const kept = Array.from({ length: rows }, (_, row) => row).filter((row) => row % 3 !== 1);
  let seed = 7;
  for (let i = kept.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [kept[i], kept[j]] = [kept[j]!, kept[i]!];
  }
  const outputOf = new Uint32Array(rows).fill(DROPPED);
  kept.forEach((row, target) => (outputOf[row] = target));
  return { rows: Uint32Array.from(kept), outputOf };
}

function same(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length).toBe(expected.length);
  // toEqual walks a megabyte element by element.
  expect(Buffer.compare(actual, expected)).toBe(0);
}

async function written(spill: RowSpill, order: OutputOrder, offsets?: Uint32Array, limits?: PassLimits): Promise<{ bytes: Uint8Array; pieces: number }> {
  const pieces: Uint8Array[] = [];
  await writeInOrder(spill, order, async (piece) => void pieces.push(piece.slice()), offsets, limits);
  return { bytes: Buffer.concat(pieces), pieces: pieces.length };
}

describe('spilled rows written in output order', () => {
  const lengths = Array.from({ length: 3_000 }, (_, k) => (k % 11 === 0 ? 0 : 1 + ((k * 37) % 900)));
  const rows = lengths.map((length, k) => Uint8Array.from({ length }, (_, i) => (k * 13 + i) & 0xff));
  const order = someOrder(rows.length);
  const expected = Buffer.concat(Array.from(order.rows, (row) => rows[row]!));
  const offsets = new Uint32Array(order.rows.length + 1);
  order.rows.forEach((row, i) => (offsets[i + 1] = offsets[i]! + rows[row]!.length));

  it('gathers rows of differing widths, rows larger than a read and empty rows among them, in one pass, in several, or a row at a time', async () => {
    const spill = new RowSpill(join(dir, 'varied.bin'));
    for (let first = 0; first < rows.length; first += 400) spill.append(rows.slice(first, first + 400));
    const onePass = await written(spill, order, offsets);
    expect(onePass.pieces).toBe(1);
    same(onePass.bytes, expected);
    // Windows of 50,000 bytes, which rows of up to 900 bytes end early.
    const passes = await written(spill, order, offsets, { bytes: 50_000, passes: 1_000 });
    expect(passes.pieces).toBeGreaterThan(expected.length / 50_000);
    same(passes.bytes, expected);
    same((await written(spill, order, offsets, { bytes: 50_000, passes: 2 })).bytes, expected);
    spill.remove();
  });

  it('gathers rows of one width in one pass, in several, or a row at a time', async () => {
    const spill = new RowSpill(join(dir, 'fixed.bin'), 48);
    const fixed = rows.map((row, k) => Uint8Array.from({ length: 48 }, (_, i) => row[i] ?? (k + i) & 0xff));
    spill.append(fixed);
    const inOrder = Buffer.concat(Array.from(order.rows, (row) => fixed[row]!));
    same((await written(spill, order)).bytes, inOrder);
    same((await written(spill, order, undefined, { bytes: 10_000, passes: 1_000 })).bytes, inOrder);
    same((await written(spill, order, undefined, { bytes: 10_000, passes: 3 })).bytes, inOrder);
    spill.remove();
  });
});
