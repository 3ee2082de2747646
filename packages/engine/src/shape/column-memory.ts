import { wasm } from '../pool/webassembly-api.ts';
import type { WasmMemory } from '../pool/webassembly-api.ts';

export const PAGE_BYTES = 65536;
/** wasm32's 4 GiB: a column's shared memory may grow to it when the charge sites are placed. */
export const MAX_PAGES = 65536;

export type GrowableMemory = WasmMemory & { grow(pages: number): number };

/**
 * The shared memories of stage-1 columns (pose-grid-scan.ts), kept from one search to the next. Each search
 * writes its candidates' grids and charge sites into a memory of its own, and a page written for the first
 * time costs a page fault: on our 2-core machines touching a fresh 160 MB took 600-1,200 ms, rewriting it
 * 7-16 ms. A very accurate search of 10^7 rows fills about 400 MB, a fast one 30-90 MB, so a fresh memory
 * each search cost more than building the grids. One memory is kept, the larger of the last two given back,
 * until a search takes it or it has waited SPARE_IDLE_MS, when it is left to the garbage collector so that
 * an idle server does not hold it.
 */
let spare: Spare | undefined;
const SPARE_IDLE_MS = 60_000;

interface Spare {
  memory: GrowableMemory;
  /** The bytes still to zero (from, end), or undefined once zeroed. */
  dirty: [number, number] | undefined;
  timer: ReturnType<typeof setTimeout>;
}

/** A memory of at least `pages` pages, every byte zero past the kernel's static data: the kept one when there is one, else a new one. */
export function columnMemory(pages: number): GrowableMemory {
  const kept = spare;
  if (!kept) return new wasm.Memory({ initial: pages, maximum: MAX_PAGES, shared: true }) as GrowableMemory;
  spare = undefined;
  clearTimeout(kept.timer);
  zero(kept);
  const missing = pages - kept.memory.buffer.byteLength / PAGE_BYTES;
  if (missing > 0) kept.memory.grow(missing);
  return kept.memory;
}

/**
 * Takes back the memory of a column no longer used (no thread writes to it any more), whose bytes
 * `from`..`used` may have been written, and keeps it for the next column unless the memory kept already is
 * as large. `from` leaves the kernel's static data, which each instance writes again. The bytes are zeroed
 * once the caller has moved on (a search then waits for its exact scores on other threads), or when the
 * memory is taken, whichever comes first.
 */
export function releaseColumnMemory(memory: GrowableMemory, from: number, used: number): void {
  if (spare && spare.memory.buffer.byteLength >= memory.buffer.byteLength) return;
  if (spare) clearTimeout(spare.timer);
  const timer = setTimeout(() => (spare = undefined), SPARE_IDLE_MS);
  timer.unref();
  const kept: Spare = { memory, dirty: [from, Math.min(used, memory.buffer.byteLength)], timer };
  spare = kept;
  setImmediate(() => zero(kept)).unref();
}

function zero(kept: Spare): void {
  if (!kept.dirty) return;
  const [from, end] = kept.dirty;
  if (end > from) new Uint8Array(kept.memory.buffer, from, end - from).fill(0);
  kept.dirty = undefined;
}
