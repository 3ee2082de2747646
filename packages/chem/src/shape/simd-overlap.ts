import type { OverlapTable } from './gaussian-shape.ts';
import type { OverlapEvaluator } from './shape-alignment.ts';
import { FAR_AWAY, align16, ensureMemory, instantiateShapeKernel } from './shape-kernel-module.ts';
import type { WasmMemory } from './shape-kernel-module.ts';

export { simdOverlapAvailable } from './shape-kernel-module.ts';

interface KernelExports {
  memory: WasmMemory;
  WORK_SLOTS: { value: number };
  WORK_ROTATION: { value: number };
  WORK_GRADIENT: { value: number };
  evaluatePose(
    query: number, na: number, cand: number, nb4: number, k: number, c: number, moved: number, work: number,
    tx: number, ty: number, tz: number, gradient: number,
  ): number;
}

/**
 * One overlap evaluation at a time on the WebAssembly SIMD kernel (float32, four candidate atoms
 * per instruction), through the same kernel functions the whole-search `WasmAligner` runs: the
 * per-evaluation interface of the optimiser, so tests can hold the kernel's value and gradient
 * against the float64 JavaScript evaluator and finite differences.
 */
export class SimdOverlapEvaluator implements OverlapEvaluator {
  readonly kind = 'wasm-simd';
  evaluations = 0;
  private readonly exports: KernelExports;
  private readonly work = 64;
  private na = 0;
  private nb4 = 0;
  private offsets = { query: 0, cand: 0, k: 0, c: 0, moved: 0, end: 0 };
  private f32 = new Float32Array(0);
  private f64 = new Float64Array(0);

  constructor() {
    this.exports = instantiateShapeKernel<KernelExports>();
  }

  private views(): void {
    ensureMemory(this.exports.memory, this.offsets.end);
    const buffer = this.exports.memory.buffer;
    if (this.f32.buffer !== buffer) {
      this.f32 = new Float32Array(buffer);
      this.f64 = new Float64Array(buffer);
    }
  }

  setTable(table: OverlapTable): void {
    const { na, nb } = table;
    const na4 = Math.ceil(na / 4) * 4;
    const nb4 = Math.ceil(nb / 4) * 4;
    this.na = na;
    this.nb4 = nb4;
    const query = align16(this.work + 8 * this.exports.WORK_SLOTS.value);
    const cand = align16(query + 12 * na4);
    const k = align16(cand + 12 * nb4);
    const c = align16(k + 4 * na * nb4);
    const moved = align16(c + 4 * na * nb4);
    this.offsets = { query, cand, k, c, moved, end: moved + 12 * nb4 };
    this.views();
    const f32 = this.f32;
    for (let i = 0; i < na; i++) {
      for (let j = 0; j < nb4; j++) {
        f32[k / 4 + i * nb4 + j] = j < nb ? table.k[i * nb + j]! : 0;
        f32[c / 4 + i * nb4 + j] = j < nb ? table.c[i * nb + j]! : 1;
      }
    }
    f32.fill(FAR_AWAY, cand / 4, cand / 4 + 3 * nb4);
  }

  setQuery(centred: Float64Array): void {
    const base = this.offsets.query / 4;
    const row = Math.ceil(this.na / 4) * 4;
    for (let i = 0; i < this.na; i++) {
      this.f32[base + i] = centred[3 * i]!;
      this.f32[base + row + i] = centred[3 * i + 1]!;
      this.f32[base + 2 * row + i] = centred[3 * i + 2]!;
    }
  }

  setCandidate(centred: Float64Array): void {
    const base = this.offsets.cand / 4;
    const row = this.nb4;
    const count = Math.min(centred.length / 3, row);
    for (let j = 0; j < count; j++) {
      this.f32[base + j] = centred[3 * j]!;
      this.f32[base + row + j] = centred[3 * j + 1]!;
      this.f32[base + 2 * row + j] = centred[3 * j + 2]!;
    }
  }

  evaluate(rotation: Float64Array, tx: number, ty: number, tz: number, gradient?: Float64Array): number {
    this.evaluations++;
    const o = this.offsets;
    const slot = this.work / 8;
    this.f64.set(rotation.subarray(0, 9), slot + this.exports.WORK_ROTATION.value);
    const value = this.exports.evaluatePose(o.query, this.na, o.cand, this.nb4, o.k, o.c, o.moved, this.work, tx, ty, tz, gradient ? 1 : 0);
    if (gradient) {
      const g = slot + this.exports.WORK_GRADIENT.value;
      for (let i = 0; i < 6; i++) gradient[i] = this.f64[g + i]!;
    }
    return value;
  }
}
