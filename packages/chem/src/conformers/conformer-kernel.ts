import { ensureMemory, instantiateWasm } from '../shape/shape-kernel-module.ts';
import type { WasmMemory } from '../shape/shape-kernel-module.ts';
import type { DistanceGeometryError } from './distance-geometry-error.ts';
import type { MinimiseOptions } from './lbfgs.ts';
import type { ForceField } from './refinement-force-field.ts';

// Built from packages/chem/assembly/conformer-minimiser.ts by `npm run build:wasm:conformers -w @molsearch/chem`;
// committed, so installs need no AssemblyScript step.
const WASM_URL = new URL('./conformer-minimiser.wasm', import.meta.url);

interface MinimiserExports {
  memory: WasmMemory;
  WORK_VECTORS: { value: number };
  polish(field: number, x: number, size: number, work: number, maxIterations: number, tolerance: number, deadline: number): number;
  embed(error: number, x: number, size: number, work: number, maxIterations: number, tolerance: number, deadline: number, fourthWeight: number): number;
  evaluate(field: number, x: number, g: number, size: number): number;
  evaluateError(error: number, x: number, g: number, size: number, fourthWeight: number): number;
}

/** The kernel's memory starts after AssemblyScript's static data (none beyond the first bytes). */
const TABLE = 64;

/**
 * This thread's instance of the minimiser. It computes with the very functions JavaScript does (Math.cos,
 * Math.sin and Math.atan2 are imported, not AssemblyScript's own), so its conformers are JavaScript's.
 */
class MinimiserKernel {
  private readonly exports: MinimiserExports;
  private readonly workVectors: number;
  private f64 = new Float64Array(0);
  /** The term table at the start of memory. */
  private loaded: Float64Array | undefined;

  constructor() {
    this.exports = instantiateWasm<MinimiserExports>(WASM_URL, {
      'conformer-minimiser': { cos: Math.cos, sin: Math.sin, atan2: Math.atan2, now: () => performance.now() },
    });
    this.workVectors = this.exports.WORK_VECTORS.value;
  }

  /** Copies a term table (unless already there) and x into memory: byte offsets of x, a gradient and the work area. */
  private load(table: Float64Array, x: Float64Array): { x: number; g: number; work: number } {
    const at = TABLE + 8 * table.length;
    const g = at + 8 * x.length;
    const work = g + 8 * x.length;
    // The work area, then the pair list: where the atoms stood (x.length) and a 4-byte index per pair (table[0]).
    ensureMemory(this.exports.memory, work + 8 * (this.workVectors * x.length + 16 + x.length) + 4 * (table[0] ?? 0));
    if (this.f64.buffer !== this.exports.memory.buffer) {
      this.f64 = new Float64Array(this.exports.memory.buffer);
      this.loaded = undefined;
    }
    if (this.loaded !== table) {
      this.f64.set(table, TABLE / 8);
      this.loaded = table;
    }
    this.f64.set(x, at / 8);
    return { x: at, g, work };
  }

  /** Minimises the field (polish) or the error (embed) from x, in place; returns the final energy. */
  minimise(objective: { field: ForceField } | { error: DistanceGeometryError }, x: Float64Array, options: MinimiseOptions): number {
    const { maxIterations, gradientTolerance, deadline } = options;
    const table = 'field' in objective ? objective.field.table : objective.error.table;
    const offsets = this.load(table, x);
    const energy = 'field' in objective
      ? this.exports.polish(TABLE, offsets.x, x.length, offsets.work, maxIterations, gradientTolerance, deadline)
      : this.exports.embed(TABLE, offsets.x, x.length, offsets.work, maxIterations, gradientTolerance, deadline, objective.error.fourthDimensionWeight);
    x.set(this.f64.subarray(offsets.x / 8, offsets.x / 8 + x.length));
    return energy;
  }

  /** The energy of the field or the error at x; the gradient is written to `gradient`. */
  evaluate(objective: { field: ForceField } | { error: DistanceGeometryError }, x: Float64Array, gradient: Float64Array): number {
    const table = 'field' in objective ? objective.field.table : objective.error.table;
    const offsets = this.load(table, x);
    const energy = 'field' in objective
      ? this.exports.evaluate(TABLE, offsets.x, offsets.g, x.length)
      : this.exports.evaluateError(TABLE, offsets.x, offsets.g, x.length, objective.error.fourthDimensionWeight);
    gradient.set(this.f64.subarray(offsets.g / 8, offsets.g / 8 + x.length));
    return energy;
  }
}

let kernel: MinimiserKernel | undefined;

/** This thread's kernel, made on first use. */
function minimiser(): MinimiserKernel {
  kernel ??= new MinimiserKernel();
  return kernel;
}

/**
 * `minimise(field.evaluate, x, options)` of lbfgs.ts run in WebAssembly: the same coordinates, bit for bit,
 * in place, in about half the time. Returns the final energy.
 */
export function polishSkeleton(field: ForceField, x: Float64Array, options: MinimiseOptions): number {
  return minimiser().minimise({ field }, x, options);
}

/** `minimise(error.evaluate, x, options)` of lbfgs.ts run in WebAssembly, as `polishSkeleton`. Returns the final error. */
export function embedSkeleton(error: DistanceGeometryError, x: Float64Array, options: MinimiseOptions): number {
  return minimiser().minimise({ error }, x, options);
}

/** The force field's energy (or the distance-geometry error) at `x` computed by the kernel, its gradient written to `gradient`. */
export function kernelEnergy(objective: { field: ForceField } | { error: DistanceGeometryError }, x: Float64Array, gradient: Float64Array): number {
  return minimiser().evaluate(objective, x, gradient);
}
