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
});
