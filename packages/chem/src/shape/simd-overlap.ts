import type { OverlapTable } from './gaussian-shape.ts';
import { transformPoints } from './quaternion.ts';
import { torqueAndForce } from './shape-alignment.ts';
import type { OverlapEvaluator } from './shape-alignment.ts';
import { ensureMemory, instantiateShapeKernel } from './shape-kernel-module.ts';
import type { WasmMemory } from './shape-kernel-module.ts';

export { simdOverlapAvailable } from './shape-kernel-module.ts';

interface KernelExports {
  memory: WasmMemory;
  overlap(qx: number, qy: number, qz: number, na: number, bx: number, by: number, bz: number, nb4: number, k: number, c: number): number;
  overlapGradient(
    qx: number, qy: number, qz: number, na: number,
    bx: number, by: number, bz: number, nb4: number,
    k: number, c: number,
    gx: number, gy: number, gz: number,
  ): number;
}

/** Padding atoms of the last lane group lie this far away, beyond every cutoff. */
const FAR_AWAY = 1e4;

/**
 * Overlap evaluator on the WebAssembly SIMD kernel (float32, four candidate atoms per instruction).
 * Coordinates are moved in float64 here, then handed over in float32; the torque is summed here.
 */
export class SimdOverlapEvaluator implements OverlapEvaluator {
  readonly kind = 'wasm-simd';
  evaluations = 0;
  private readonly exports: KernelExports;
  private na = 0;
  private nb = 0;
  private nb4 = 0;
  private offsets = { qx: 0, qy: 0, qz: 0, bx: 0, by: 0, bz: 0, k: 0, c: 0, gx: 0, gy: 0, gz: 0 };
  private heap = new Float32Array(0);
  private candidate: Float64Array = new Float64Array(0);
  private moved: Float64Array = new Float64Array(0);
  private atomGradient: Float64Array = new Float64Array(0);

  constructor() {
    this.exports = instantiateShapeKernel<KernelExports>();
  }

  setTable(table: OverlapTable): void {
    const { na, nb } = table;
    const nb4 = Math.ceil(nb / 4) * 4;
    this.na = na;
    this.nb = nb;
    this.nb4 = nb4;
    // Float32 slots, each array starting on a 16-byte boundary.
    const align = (n: number) => Math.ceil(n / 4) * 4;
    let slot = 16; // keep the first bytes free, as AssemblyScript's static data may use them
    const take = (length: number) => {
      const start = slot;
      slot += align(length);
      return start;
    };
    const o = {
      qx: take(na), qy: take(na), qz: take(na),
      bx: take(nb4), by: take(nb4), bz: take(nb4),
      k: take(na * nb4), c: take(na * nb4),
      gx: take(nb4), gy: take(nb4), gz: take(nb4),
    };
    const bytes = slot * 4;
    const memory = this.exports.memory;
    ensureMemory(memory, bytes);
    this.heap = new Float32Array(memory.buffer);
    this.offsets = o;
    const heap = this.heap;
    for (let i = 0; i < na; i++) {
      const row = i * nb4;
      for (let j = 0; j < nb4; j++) {
        heap[o.k + row + j] = j < nb ? table.k[i * nb + j]! : 0;
        heap[o.c + row + j] = j < nb ? table.c[i * nb + j]! : 1;
      }
    }
    for (let j = nb; j < nb4; j++) {
      heap[o.bx + j] = FAR_AWAY * (j + 1);
      heap[o.by + j] = FAR_AWAY;
      heap[o.bz + j] = FAR_AWAY;
    }
    if (this.moved.length < 3 * nb) {
      this.moved = new Float64Array(3 * nb);
      this.atomGradient = new Float64Array(3 * nb);
    }
  }

  setQuery(centred: Float64Array): void {
    const { heap, offsets: o } = this;
    for (let i = 0; i < this.na; i++) {
      heap[o.qx + i] = centred[3 * i]!;
      heap[o.qy + i] = centred[3 * i + 1]!;
      heap[o.qz + i] = centred[3 * i + 2]!;
    }
  }

  setCandidate(centred: Float64Array): void {
    this.candidate = centred;
  }

  evaluate(rotation: Float64Array, tx: number, ty: number, tz: number, gradient?: Float64Array): number {
    this.evaluations++;
    const { heap, offsets: o, nb } = this;
    const moved = transformPoints(this.candidate, nb, rotation, tx, ty, tz, this.moved);
    for (let j = 0; j < nb; j++) {
      heap[o.bx + j] = moved[3 * j]!;
      heap[o.by + j] = moved[3 * j + 1]!;
      heap[o.bz + j] = moved[3 * j + 2]!;
    }
    const b = 4;
    if (!gradient) {
      return this.exports.overlap(b * o.qx, b * o.qy, b * o.qz, this.na, b * o.bx, b * o.by, b * o.bz, this.nb4, b * o.k, b * o.c);
    }
    const total = this.exports.overlapGradient(
      b * o.qx, b * o.qy, b * o.qz, this.na,
      b * o.bx, b * o.by, b * o.bz, this.nb4,
      b * o.k, b * o.c,
      b * o.gx, b * o.gy, b * o.gz,
    );
    const g = this.atomGradient;
    for (let j = 0; j < nb; j++) {
      g[3 * j] = heap[o.gx + j]!;
      g[3 * j + 1] = heap[o.gy + j]!;
      g[3 * j + 2] = heap[o.gz + j]!;
    }
    torqueAndForce(moved, g, nb, tx, ty, tz, gradient);
    return total;
  }
}
