import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowSpill } from './row-spill.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-spill-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('rows spilled to a file', () => {
  it('reads back every row as appended, empty rows and rows past its first offset table included', () => {
    const spill = new RowSpill(join(dir, 'rows.bin'));
    const rows = Array.from({ length: 10_000 }, (_, k) => Uint8Array.from({ length: k % 7 === 0 ? 0 : 1 + (k % 300) }, (_, i) => (k * 31 + i) & 0xff));
    for (let first = 0; first < rows.length; first += 777) spill.append(rows.slice(first, first + 777));
    expect(spill.rows).toBe(rows.length);
    for (const row of [0, 1, 7, 4095, 4096, 4097, 9999, 5000, 3]) expect(spill.read(row)).toEqual(rows[row]);
    expect(() => spill.read(10_000)).toThrow(/outside/);
    expect(() => spill.readBlock(0, 2, new Uint8Array(600))).toThrow(/differ in width/);
    const target = new Uint8Array(400).fill(9);
    spill.readInto(299, target, 50);
    expect(target.subarray(50, 50 + rows[299]!.length)).toEqual(rows[299]);
    expect(target[49]).toBe(9);
    expect(target[50 + rows[299]!.length]).toBe(9);
    // Rows appended after a read are read back too.
    spill.append([Uint8Array.of(1, 2, 3)]);
    expect(spill.read(10_000)).toEqual(Uint8Array.of(1, 2, 3));
    expect(spill.read(9_999)).toEqual(rows[9_999]);
    expect(existsSync(join(dir, 'rows.bin.ends'))).toBe(true);
    spill.remove();
    spill.remove();
    expect(existsSync(join(dir, 'rows.bin'))).toBe(false);
    expect(existsSync(join(dir, 'rows.bin.ends'))).toBe(false);
  });

  it('reads back rows of one width by their position alone, one or a block at a time, and refuses a row of another width', () => {
    const spill = new RowSpill(join(dir, 'fixed.bin'), 132);
    const rows = Array.from({ length: 5_000 }, (_, k) => Uint8Array.from({ length: 132 }, (_, i) => (k * 17 + i) & 0xff));
    for (let first = 0; first < rows.length; first += 333) spill.append(rows.slice(first, first + 333));
    expect(spill.rows).toBe(rows.length);
    for (const row of [0, 1, 4095, 4096, 4999, 2500]) expect(spill.read(row)).toEqual(rows[row]);
    const block = spill.readBlock(4090, 10, new Uint8Array(10 * 132 + 1).fill(7));
    for (let k = 0; k < 10; k++) expect(block.subarray(k * 132, (k + 1) * 132)).toEqual(rows[4090 + k]);
    expect(block[10 * 132]).toBe(7);
    expect(() => spill.readBlock(4995, 6, new Uint8Array(6 * 132))).toThrow(/outside/);
    expect(() => spill.append([new Uint8Array(131)])).toThrow(/132 bytes each/);
    expect(spill.rows).toBe(rows.length);
    expect(() => spill.read(5_000)).toThrow(/outside/);
    expect(existsSync(join(dir, 'fixed.bin.ends'))).toBe(false);
    spill.remove();
    expect(existsSync(join(dir, 'fixed.bin'))).toBe(false);
  });

  it('hands every row over in the order appended, a large piece of the file at a time, rows larger than a piece read alone', () => {
    const spill = new RowSpill(join(dir, 'each.bin'));
    // Rows of 1.5 MiB cross the 4 MiB pieces' ends; one of 5 MiB is larger than a piece.
    const lengths = [0, 3, 1_572_864, 17, 1_572_864, 0, 1_572_864, 5_242_880, 9, 1_572_864, 0];
    const rows = lengths.map((length, k) => Uint8Array.from({ length }, (_, i) => (k * 7 + i * 3) & 0xff));
    spill.append(rows);
    const seen: number[] = [];
    spill.eachRow((row, bytes) => {
      seen.push(row);
      expect(Buffer.compare(bytes, rows[row]!)).toBe(0);
    });
    expect(seen).toEqual(rows.map((_, k) => k));
    spill.remove();
    const empty = new RowSpill(join(dir, 'empty.bin'), 8);
    empty.eachRow(() => expect.unreachable());
    empty.remove();
  });
});

