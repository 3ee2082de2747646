import { describe, expect, it } from 'vitest';
import { ScratchArrays } from './scratch-arrays.ts';

describe('scratch arrays', () => {
  it('give zeroed views that do not overlap and start on whole words, until reset', () => {
    const scratch = new ScratchArrays((length) => new Uint8Array(length));
    const first = scratch.take(10);
    first.fill(7);
    const second = scratch.take(400);
    expect([...second].every((byte) => byte === 0)).toBe(true);
    second.fill(9);
    expect([...first].every((byte) => byte === 7)).toBe(true);
    expect(second.byteOffset % 16).toBe(0);
    scratch.reset();
    const again = scratch.take(10);
    expect(again.byteOffset).toBe(first.byteOffset);
    expect([...again].every((byte) => byte === 0)).toBe(true);
  });

  it('grow past their first array, leaving the views already taken as they were', () => {
    const scratch = new ScratchArrays((length) => new Float64Array(length));
    const before = scratch.take(1000);
    before.fill(1.5);
    const after = scratch.take(5000);
    expect(after.length).toBe(5000);
    expect(after.buffer).not.toBe(before.buffer);
    after.fill(2.5);
    expect([...before].every((value) => value === 1.5)).toBe(true);
  });
});
