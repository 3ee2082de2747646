import { gaussianExponents } from './gaussian-shape.ts';
import type { ScratchArrays } from './scratch-arrays.ts';
import type { ShapeConformer } from './shape-alignment.ts';
import { START_LATTICE } from './start-grids.ts';
import type { StartGrids } from './start-grids.ts';
import { FAR_AWAY, align16, ensureMemory, instantiateShapeKernel } from './shape-kernel-module.ts';
import type { WasmMemory } from './shape-kernel-module.ts';

/**
 * The whole alignment search of one candidate in one WebAssembly call (`align` of
 * assembly/shape-overlap.ts): principal-axes starts of every conformer pair (or those whose volume
 * grids overlap best, start-grids.ts), screening climbs and
 * full BFGS climbs, overlaps and their analytic gradients in float32 SIMD. Each molecule is packed
 * once into the kernel's layout (`packShape`), so a re-score copies bytes and makes one call.
 */

/** A molecule's heavy atoms and conformers in the kernel's layout. */
export interface PackedShape {
  atomCount: number;
  /** atomCount rounded up to a multiple of four (one SIMD lane group). */
  padded: number;
  conformerCount: number;
  /** Per conformer, rows x, y, z of `padded` centred coordinates; padding atoms lie far away. */
  coords: Float32Array;
  /** Gaussian exponent per atom, padding 1. */
  alpha: Float32Array;
  /** Per conformer, the principal axes (row-major, columns = axes). */
  axes: Float64Array;
  /** Per conformer, the float64 self-overlap. */
  selfOverlaps: Float64Array;
}

// Gaussian exponent per element at the default radius scale, filled on first use.
const exponents = new Float64Array(128);

function elementExponent(atomicNumber: number): number {
  const slot = atomicNumber > 0 && atomicNumber < exponents.length ? atomicNumber : 0;
  if (exponents[slot] === 0) exponents[slot] = gaussianExponents([slot])[0]!;
  return exponents[slot]!;
}

/** Where packShape may take its arrays from (ScratchArrays): views valid until their scratch is reset. */
export interface PackScratch {
  f32: ScratchArrays<Float32Array>;
  f64: ScratchArrays<Float64Array>;
}

export function packShape(atomicNumbers: ArrayLike<number>, conformers: readonly ShapeConformer[], scratch?: PackScratch): PackedShape {
  const n = atomicNumbers.length;
  const padded = Math.ceil(n / 4) * 4;
  const count = conformers.length;
  const coords = (scratch ? scratch.f32.take(3 * padded * count) : new Float32Array(3 * padded * count)).fill(FAR_AWAY);
  const axes = scratch ? scratch.f64.take(9 * count) : new Float64Array(9 * count);
  const selfOverlaps = new Float64Array(count);
  conformers.forEach((conformer, k) => {
    const base = 3 * padded * k;
    for (let i = 0; i < n; i++) {
      coords[base + i] = conformer.centred[3 * i]!;
      coords[base + padded + i] = conformer.centred[3 * i + 1]!;
      coords[base + 2 * padded + i] = conformer.centred[3 * i + 2]!;
    }
    axes.set(conformer.frame.axes, 9 * k);
    selfOverlaps[k] = conformer.selfOverlap;
  });
  const alpha = (scratch ? scratch.f32.take(padded) : new Float32Array(padded)).fill(1);
  for (let i = 0; i < n; i++) alpha[i] = elementExponent(atomicNumbers[i]!);
  return { atomCount: n, padded, conformerCount: count, coords, alpha, axes, selfOverlaps };
}

export interface WasmAlignmentOptions {
  screenedStarts: number;
  screeningIterations: number;
  optimizedStarts: number;
  maxIterations: number;
  relativeTolerance: number;
  /** Starts scored as they lie, chosen by their grids' Tanimoto when grids are given (start-grids.ts). */
  gridStarts: number;
}

/** The best pose found: x' = rotation·x + translation moves the centred candidate conformer onto the centred query conformer. */
export interface WasmAlignment {
  queryConformer: number;
  candidateConformer: number;
  /** Row-major 3×3. */
  rotation: Float64Array;
  translation: [number, number, number];
  /** Tanimoto of the search (float32 overlaps); the scorer recomputes it in float64. */
  searchTanimoto: number;
}

interface AlignExports {
  memory: WasmMemory;
  START_SLOTS: { value: number };
  WORK_SLOTS: { value: number };
  pairTable(alphaA: number, na: number, alphaB: number, nb4: number, k: number, c: number): void;
  align(
    query: number, na: number, kq: number, qAxes: number, qSelf: number,
    cand: number, nb4: number, kc: number, cAxes: number, cSelf: number,
    k: number, c: number, moved: number, starts: number, work: number, out: number, frames: number,
    screened: number, screeningIterations: number, optimized: number, maxIterations: number, tolerance: number,
    queryGrids: number, candidateGrids: number, gridScratch: number, gridBytes: number, gridStarts: number,
  ): number;
}

const MAX_I32 = 0x7fffffff;

export class WasmAligner {
  /** Overlap evaluations so far, for benchmarks. */
  evaluations = 0;
  private readonly exports: AlignExports;
  private readonly startSlots: number;
  private readonly work: number;
  private readonly out: number;
  private readonly queryBase: number;
  private f32 = new Float32Array(0);
  private f64 = new Float64Array(0);
  private query: PackedShape | undefined;
  private queryOffsets = { coords: 0, alpha: 0, axes: 0, self: 0, end: 0 };
  private queryGrids: StartGrids | undefined;
  private queryGridsAt = 0;
  private i32 = new Int32Array(0);
  private u8 = new Uint8Array(0);

  constructor() {
    this.exports = instantiateShapeKernel<AlignExports>();
    this.startSlots = this.exports.START_SLOTS.value;
    // Keep the first bytes free, as AssemblyScript's static data may use them.
    this.work = 64;
    this.out = align16(this.work + 8 * this.exports.WORK_SLOTS.value);
    this.queryBase = align16(this.out + 8 * 16);
  }

  private views(bytes: number): void {
    ensureMemory(this.exports.memory, bytes);
    const buffer = this.exports.memory.buffer;
    if (this.f32.buffer !== buffer) {
      this.f32 = new Float32Array(buffer);
      this.f64 = new Float64Array(buffer);
      this.i32 = new Int32Array(buffer);
      this.u8 = new Uint8Array(buffer);
    }
  }

  private writeMolecule(shape: PackedShape, base: number, withAlpha: boolean) {
    const coords = base;
    const alpha = align16(coords + 4 * shape.coords.length);
    const axes = align16(alpha + (withAlpha ? 4 * shape.padded : 0));
    const self = align16(axes + 8 * shape.axes.length);
    const end = align16(self + 8 * shape.conformerCount);
    this.views(end);
    this.f32.set(shape.coords, coords / 4);
    if (withAlpha) this.f32.set(shape.alpha, alpha / 4);
    this.f64.set(shape.axes, axes / 8);
    this.f64.set(shape.selfOverlaps, self / 8);
    return { coords, alpha, axes, self, end };
  }

  /** Grids and their set bits at `at`: the layout the kernel reads (counts after the grids); returns the end. */
  private writeGrids(grids: StartGrids, at: number): number {
    const counts = align16(at + grids.grids.length);
    const end = align16(counts + 4 * grids.counts.length);
    this.views(end);
    this.u8.set(grids.grids, at);
    this.i32.set(grids.counts, counts / 4);
    return end;
  }

  /**
   * With `grids` (the query's under the four flips, the candidate's unflipped), only the `gridStarts` starts
   * of best grid Tanimoto are scored as they lie; without, every start.
   */
  align(query: PackedShape, candidate: PackedShape, options: WasmAlignmentOptions, grids?: { query: StartGrids; candidate: StartGrids }): WasmAlignment {
    if (query.conformerCount === 0 || candidate.conformerCount === 0) throw new Error('Cannot align molecules without conformers.');
    if (this.query !== query || (grids && this.queryGrids !== grids.query)) {
      this.queryOffsets = this.writeMolecule(query, this.queryBase, true);
      // The query's grids lie after its molecule, written once a query like it.
      this.queryGridsAt = this.queryOffsets.end;
      if (grids) this.queryOffsets.end = this.writeGrids(grids.query, this.queryGridsAt);
      this.query = query;
      this.queryGrids = grids?.query;
    }
    const q = this.queryOffsets;
    const na = query.atomCount;
    const nb4 = candidate.padded;
    const c = this.writeMolecule(candidate, q.end, true);
    const kTable = c.end;
    const cTable = align16(kTable + 4 * na * nb4);
    const moved = align16(cTable + 4 * na * nb4);
    const starts = align16(moved + 12 * nb4);
    const frames = align16(starts + 8 * this.startSlots * 4 * query.conformerCount * candidate.conformerCount);
    const candidateGrids = align16(frames + 4 * 4 * (query.padded + nb4) + 8 * 4);
    const gridScratch = grids ? this.writeGrids(grids.candidate, candidateGrids) : candidateGrids;
    const starts4 = 4 * query.conformerCount * candidate.conformerCount;
    // 0: every start is scored (no grids, or as many wanted as there are starts).
    const wanted = grids && options.gridStarts >= 1 && options.gridStarts < starts4 ? Math.floor(options.gridStarts) : 0;
    const end = gridScratch + 12 * wanted + query.conformerCount * candidate.conformerCount + 16;
    this.views(end);
    const e = this.exports;
    e.pairTable(q.alpha, na, c.alpha, nb4, kTable, cTable);
    const clamp = (value: number, least = 1) => Math.min(MAX_I32, Math.max(least, Math.floor(value)));
    this.evaluations += e.align(
      q.coords, na, query.conformerCount, q.axes, q.self,
      c.coords, nb4, candidate.conformerCount, c.axes, c.self,
      kTable, cTable, moved, starts, this.work, this.out, frames,
      clamp(options.screenedStarts), clamp(options.screeningIterations, 0), clamp(options.optimizedStarts),
      clamp(options.maxIterations, 0), options.relativeTolerance,
      this.queryGridsAt, candidateGrids, gridScratch, START_LATTICE.bytes, wanted,
    );
    const out = this.f64.subarray(this.out / 8, this.out / 8 + 15);
    return {
      searchTanimoto: out[0]!,
      queryConformer: out[1]!,
      candidateConformer: out[2]!,
      rotation: Float64Array.from(out.subarray(3, 12)),
      translation: [out[12]!, out[13]!, out[14]!],
    };
  }
}
