// AssemblyScript source of the volume grids' voxelisation (see src/shape/volume-grid.ts, which documents the
// grids and calls this). Build: `npm run build:wasm:grids -w @molsearch/chem` writes src/shape/volume-grid.wasm
// (committed) and the SHA-256 of this file next to it.
//
// The caller places `atoms` points (x, y, z as f64) at `coords`; the grid is written to the `bytes` at `out`
// (at least one more than its voxels need). A lattice's reach (its radius in voxels, rounded up) is at most 3.
// The module keeps no static data, so the caller's arrays may start at byte 0.

/**
 * Sets the voxels whose centre lies within `radius` of a point, mirrored by the flips, clearing the rest. Each
 * distance is summed as the grid's definition sums it, (dx² + dy²) + dz², in f64, so the grid is exactly that:
 * a plane of voxels is skipped when dx² alone is beyond the radius, a row when dx² + dy² is, and a row's voxels
 * within reach are compared two at a time and set with one 16-bit write.
 */
export function voxelize(
  coords: usize, atoms: i32, fx: f64, fy: f64, fz: f64, spacing: f64, radius: f64,
  nx: i32, ny: i32, nz: i32, hx: f64, hy: f64, hz: f64, out: usize, bytes: i32,
): void {
  memory.fill(out, 0, bytes);
  const reach = <i32>Math.ceil(radius / spacing);
  const r2 = radius * radius;
  const limit = f64x2.splat(r2);
  // Only where a point's neighbourhood starts: whichever voxel a rounding picks, the window holds every voxel within reach.
  const inverse = 1 / spacing;
  const twoPairs = reach < 2;
  for (let i = 0; i < atoms; i++) {
    const at = coords + (<usize>(3 * i) << 3);
    const px = load<f64>(at) * fx, py = load<f64>(at, 8) * fy, pz = load<f64>(at, 16) * fz;
    const gx = Math.floor((px + hx) * inverse), gy = Math.floor((py + hy) * inverse), gz = Math.floor((pz + hz) * inverse);
    // A point whose voxels all lie outside the box (or a NaN) sets none; the rest convert to i32 safely.
    if (!(gx > <f64>-reach - 2 && gx < <f64>(nx + reach + 1) && gy > <f64>-reach - 2 && gy < <f64>(ny + reach + 1) && gz > <f64>-reach - 2 && gz < <f64>(nz + reach + 1))) continue;
    const cx = <i32>gx, cy = <i32>gy, cz = <i32>gz;
    const x0 = max(0, cx - reach), x1 = min(nx - 1, cx + reach);
    const y0 = max(0, cy - reach), y1 = min(ny - 1, cy + reach);
    const z0 = max(0, cz - reach), z1 = min(nz - 1, cz + reach);
    if (z0 > z1) continue;
    // dz² of the row's voxels from z0 in lanes, those past z1 beyond any radius.
    const v01 = f64x2(dz2(z0, z1, spacing, hz, pz), dz2(z0 + 1, z1, spacing, hz, pz));
    const v23 = f64x2(dz2(z0 + 2, z1, spacing, hz, pz), dz2(z0 + 3, z1, spacing, hz, pz));
    const v45 = twoPairs ? f64x2.splat(Infinity) : f64x2(dz2(z0 + 4, z1, spacing, hz, pz), dz2(z0 + 5, z1, spacing, hz, pz));
    const v67 = reach < 3 ? f64x2.splat(Infinity) : f64x2(dz2(z0 + 6, z1, spacing, hz, pz), dz2(z0 + 7, z1, spacing, hz, pz));
    for (let x = x0; x <= x1; x++) {
      const dx = (<f64>x + 0.5) * spacing - hx - px;
      const dx2 = dx * dx;
      if (dx2 > r2) continue;
      for (let y = y0; y <= y1; y++) {
        const dy = (<f64>y + 0.5) * spacing - hy - py;
        const dxy = dx2 + dy * dy;
        if (dxy > r2) continue;
        const row = f64x2.splat(dxy);
        let mask = i64x2.bitmask(f64x2.le(f64x2.add(row, v01), limit)) | (i64x2.bitmask(f64x2.le(f64x2.add(row, v23), limit)) << 2);
        if (!twoPairs) {
          mask |= (i64x2.bitmask(f64x2.le(f64x2.add(row, v45), limit)) << 4) | (i64x2.bitmask(f64x2.le(f64x2.add(row, v67), limit)) << 6);
        }
        const bit = (x * ny + y) * nz + z0;
        const word = out + <usize>(bit >> 3);
        store<u16>(word, load<u16>(word) | <u16>(mask << (bit & 7)));
      }
    }
  }
}

/** dz² of voxel `z` of the row, or infinity past the row's last voxel within reach. */
function dz2(z: i32, z1: i32, spacing: f64, hz: f64, pz: f64): f64 {
  if (z > z1) return Infinity;
  const dz = (<f64>z + 0.5) * spacing - hz - pz;
  return dz * dz;
}
