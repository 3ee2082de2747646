import { ensureMemory, instantiateWasm } from './shape-kernel-module.ts';
import type { WasmMemory } from './shape-kernel-module.ts';

/**
 * Bit grids of a molecule's heavy-atom volume in its principal frame: a voxel is set when its centre lies
 * within the lattice's radius of an atom, so the overlap of two volumes is an AND and a popcount. The 3D
 * search's stage 1 ranks molecules by them, and the scorer ranks its starting poses by them.
 */
export interface Lattice {
  spacing: number;
  radius: number;
  /** Half extents of the box (Å) along the first, second and third principal axes; voxels outside are dropped. */
  halfBox: readonly [number, number, number];
  dims: [number, number, number];
  /** The voxels rounded up to whole 16-byte SIMD vectors. */
  bytes: number;
}

/** The largest grid the voxel kernel's memory holds (2^19 voxels). */
const MAX_GRID_BYTES = 1 << 16;

/** A lattice of `spacing` Å voxels set within `radius` Å of an atom, at most 3 voxels (the kernel compares up to 8 voxels a row). */
export function volumeLattice(spacing: number, radius: number, halfBox: readonly [number, number, number]): Lattice {
  if (!(radius > 0 && radius <= 3 * spacing)) throw new RangeError(`a volume lattice reaches at most 3 voxels from an atom: radius ${radius} Å, spacing ${spacing} Å`);
  const dims = halfBox.map((half) => Math.ceil((2 * half) / spacing)) as [number, number, number];
  const bytes = Math.ceil((dims[0] * dims[1] * dims[2]) / 128) * 16;
  if (bytes > MAX_GRID_BYTES) throw new RangeError(`a volume grid of ${bytes} bytes is larger than the voxel kernel holds (${MAX_GRID_BYTES})`);
  return { spacing, radius, halfBox, dims, bytes };
}

// Built from packages/chem/assembly/volume-grid.ts by `npm run build:wasm:grids -w @molsearch/chem`; committed,
// so installs need no AssemblyScript step.
const WASM_URL = new URL('./volume-grid.wasm', import.meta.url);

interface VoxelExports {
  memory: WasmMemory;
  voxelize(
    coords: number, atoms: number, fx: number, fy: number, fz: number, spacing: number, radius: number,
    nx: number, ny: number, nz: number, hx: number, hy: number, hz: number, out: number, bytes: number,
  ): void;
}

/**
 * This thread's instance of the voxel kernel: the coordinates from byte 0, room for `capacity` atoms, then the
 * grid it writes. The same loops in JavaScript, one voxel at a time, took twice as long a heavy atom on the fine
 * lattice and 1.35 times on the coarse one (real conformers, one thread, a one-off loop), and the 3D stage 1's
 * candidate columns 1.4 times as long (`npm run bench -- stage1-grids --against`).
 */
class VoxelKernel {
  private readonly exports: VoxelExports;
  private capacity = 0;
  private coords = new Float64Array(0);
  /** A view of the grid's bytes a lattice size, made again when the memory grows. */
  private grids = new Map<number, Uint8Array>();

  constructor() {
    this.exports = instantiateWasm<VoxelExports>(WASM_URL);
    this.reserve(64);
  }

  voxelize(coords: Float64Array, atoms: number, flip: readonly [number, number, number], grid: Lattice, out: Uint8Array, at: number): void {
    if (atoms > this.capacity) this.reserve(atoms);
    const place = this.coords;
    for (let i = 0; i < 3 * atoms; i++) place[i] = coords[i]!;
    const gridAt = 24 * this.capacity;
    const { spacing, radius, dims, halfBox, bytes } = grid;
    this.exports.voxelize(0, atoms, flip[0], flip[1], flip[2], spacing, radius, dims[0], dims[1], dims[2], halfBox[0], halfBox[1], halfBox[2], gridAt, bytes);
    let view = this.grids.get(bytes);
    if (!view) this.grids.set(bytes, (view = new Uint8Array(this.exports.memory.buffer, gridAt, bytes)));
    out.set(view, at);
  }

  private reserve(atoms: number): void {
    this.capacity = Math.max(atoms, 2 * this.capacity);
    // The grid's last 16-bit write may reach a byte past it.
    ensureMemory(this.exports.memory, 24 * this.capacity + MAX_GRID_BYTES + 2);
    this.coords = new Float64Array(this.exports.memory.buffer, 0, 3 * this.capacity);
    this.grids.clear();
  }
}

let kernel: VoxelKernel | undefined;

/**
 * Writes the grid of atoms at `coords` (principal frame), mirrored by `flip`, to `out` at `at`: set the voxels
 * whose centre lies within the lattice's radius of an atom, clear the rest. Each distance is summed as
 * (dx² + dy²) + dz², so a grid is the same bit for bit however the kernel skips ahead. `atoms` limits it to the
 * first atoms of `coords`.
 */
export function voxelize(coords: Float64Array, flip: readonly [number, number, number], grid: Lattice, out: Uint8Array, at: number, atoms = coords.length / 3): void {
  (kernel ??= new VoxelKernel()).voxelize(coords, atoms, flip, grid, out, at);
}
