import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_BYTES, columnMemory, releaseColumnMemory } from './column-memory.ts';

/** Takes whatever memory is kept, so each test starts with none. */
function clearKept(): void {
  columnMemory(1);
}

afterEach(() => {
  vi.useRealTimers();
  clearKept();
});

describe('the memories of stage-1 columns', () => {
  it('are taken back zeroed past the static data and handed to the next column, grown when it needs more', () => {
    clearKept();
    const memory = columnMemory(2);
    expect(memory.buffer.byteLength).toBe(2 * PAGE_BYTES);
    const bytes = new Uint8Array(memory.buffer);
    bytes.fill(7, 0, PAGE_BYTES + 100);
    releaseColumnMemory(memory, 16, PAGE_BYTES + 100);
    const again = columnMemory(3);
    expect(again).toBe(memory);
    expect(again.buffer.byteLength).toBe(3 * PAGE_BYTES);
    const read = new Uint8Array(again.buffer);
    expect(read.subarray(0, 16).every((byte) => byte === 7)).toBe(true);
    expect(read.subarray(16).every((byte) => byte === 0)).toBe(true);
    // Taken, it is no longer kept: the next column gets a memory of its own.
    expect(columnMemory(1)).not.toBe(memory);
  });

  it('are zeroed once the caller has moved on, before any column takes them', async () => {
    clearKept();
    const memory = columnMemory(1);
    new Uint8Array(memory.buffer).fill(3, 0, 500);
    releaseColumnMemory(memory, 100, 500);
    await new Promise((resolve) => setImmediate(resolve));
    const bytes = new Uint8Array(memory.buffer);
    expect(bytes.subarray(0, 100).every((byte) => byte === 3)).toBe(true);
    expect(bytes.subarray(100).every((byte) => byte === 0)).toBe(true);
  });

  it('keep the larger of two memories given back', () => {
    clearKept();
    const small = columnMemory(1);
    const large = columnMemory(4);
    releaseColumnMemory(large, 0, 10);
    releaseColumnMemory(small, 0, 10);
    expect(columnMemory(1)).toBe(large);
    releaseColumnMemory(small, 0, 10);
    releaseColumnMemory(large, 0, 10);
    expect(columnMemory(1)).toBe(large);
  });

  it('are let go after a minute unused, so an idle server holds none', () => {
    clearKept();
    vi.useFakeTimers();
    const memory = columnMemory(1);
    releaseColumnMemory(memory, 0, 10);
    vi.advanceTimersByTime(59_000);
    expect(columnMemory(1)).toBe(memory);
    releaseColumnMemory(memory, 0, 10);
    vi.advanceTimersByTime(61_000);
    expect(columnMemory(1)).not.toBe(memory);
  });
});
