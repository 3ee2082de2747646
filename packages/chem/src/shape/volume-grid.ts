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

export function volumeLattice(spacing: number, radius: number, halfBox: readonly [number, number, number]): Lattice {
  const dims = halfBox.map((half) => Math.ceil((2 * half) / spacing)) as [number, number, number];
  return { spacing, radius, halfBox, dims, bytes: Math.ceil((dims[0] * dims[1] * dims[2]) / 128) * 16 };
}

// The squared offsets of one atom's rows and voxels along y and z, reused over its planes and rows.
let squaresY = new Float64Array(8);
let squaresZ = new Float64Array(8);

/**
 * Sets the voxels of atoms at `coords` (principal frame), mirrored by `flip`, into `out` at `at`: those
 * whose centre lies within the lattice's radius of an atom. Each distance is summed in the same order
 * as (dx² + dy²) + dz², so a grid is the same bit for bit however the loops skip ahead: a plane of
 * voxels is skipped when dx² alone is beyond the radius and a row when dx² + dy² is (adding a square
 * cannot bring either back), and a row stops at its first voxel outside past those inside (the voxels
 * within reach of a point along a line are consecutive). `atoms` limits it to the first atoms of `coords`.
 */
export function voxelize(coords: Float64Array, flip: readonly [number, number, number], grid: Lattice, out: Uint8Array, at: number, atoms = coords.length / 3): void {
  const { spacing, radius } = grid;
  const reach = Math.ceil(radius / spacing);
  const r2 = radius * radius;
  const [nx, ny, nz] = grid.dims;
  const [hx, hy, hz] = grid.halfBox;
  const [fx, fy, fz] = flip;
  if (squaresY.length < 2 * reach + 1) {
    squaresY = new Float64Array(2 * reach + 1);
    squaresZ = new Float64Array(2 * reach + 1);
  }
  for (let i = 0; i < atoms; i++) {
    const px = coords[3 * i]! * fx, py = coords[3 * i + 1]! * fy, pz = coords[3 * i + 2]! * fz;
    const cx = Math.floor((px + hx) / spacing), cy = Math.floor((py + hy) / spacing), cz = Math.floor((pz + hz) / spacing);
    const x1 = Math.min(nx - 1, cx + reach), y0 = Math.max(0, cy - reach), y1 = Math.min(ny - 1, cy + reach);
    const z0 = Math.max(0, cz - reach), z1 = Math.min(nz - 1, cz + reach);
    for (let y = y0; y <= y1; y++) {
      const dy = (y + 0.5) * spacing - hy - py;
      squaresY[y - y0] = dy * dy;
    }
    for (let z = z0; z <= z1; z++) {
      const dz = (z + 0.5) * spacing - hz - pz;
      squaresZ[z - z0] = dz * dz;
    }
    for (let x = Math.max(0, cx - reach); x <= x1; x++) {
      const dx = (x + 0.5) * spacing - hx - px;
      const dx2 = dx * dx;
      if (dx2 > r2) continue;
      for (let y = y0; y <= y1; y++) {
        const dxy = dx2 + squaresY[y - y0]!;
        if (dxy > r2) continue;
        const row = (x * ny + y) * nz;
        let inside = false;
        for (let z = z0; z <= z1; z++) {
          if (dxy + squaresZ[z - z0]! > r2) {
            if (inside) break;
            continue;
          }
          inside = true;
          const bit = row + z;
          out[at + (bit >> 3)]! |= 1 << (bit & 7);
        }
      }
    }
  }
}
