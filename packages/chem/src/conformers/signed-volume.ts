/**
 * The signed volume V = (a − c) · ((b − c) × (d − c)) of four atoms, given as offsets of their first
 * coordinate in `x`. Chirality restraints and planarity penalties are both functions of it.
 */
export function signedVolume(x: Float64Array, a: number, b: number, c: number, d: number): number {
  const ax = (x[a] as number) - (x[c] as number), ay = (x[a + 1] as number) - (x[c + 1] as number), az = (x[a + 2] as number) - (x[c + 2] as number);
  const bx = (x[b] as number) - (x[c] as number), by = (x[b + 1] as number) - (x[c + 1] as number), bz = (x[b + 2] as number) - (x[c + 2] as number);
  const dx = (x[d] as number) - (x[c] as number), dy = (x[d + 1] as number) - (x[c + 1] as number), dz = (x[d + 2] as number) - (x[c + 2] as number);
  return ax * (by * dz - bz * dy) + ay * (bz * dx - bx * dz) + az * (bx * dy - by * dx);
}

/** Adds f · ∇V to `gradient`: dV/da = b × d, dV/db = d × a, dV/dd = a × b, dV/dc = −(their sum). */
export function addSignedVolumeGradient(x: Float64Array, gradient: Float64Array, a: number, b: number, c: number, d: number, f: number): void {
  const ax = (x[a] as number) - (x[c] as number), ay = (x[a + 1] as number) - (x[c + 1] as number), az = (x[a + 2] as number) - (x[c + 2] as number);
  const bx = (x[b] as number) - (x[c] as number), by = (x[b + 1] as number) - (x[c + 1] as number), bz = (x[b + 2] as number) - (x[c + 2] as number);
  const dx = (x[d] as number) - (x[c] as number), dy = (x[d + 1] as number) - (x[c + 1] as number), dz = (x[d + 2] as number) - (x[c + 2] as number);
  const gax = by * dz - bz * dy, gay = bz * dx - bx * dz, gaz = bx * dy - by * dx;
  const gbx = dy * az - dz * ay, gby = dz * ax - dx * az, gbz = dx * ay - dy * ax;
  const gdx = ay * bz - az * by, gdy = az * bx - ax * bz, gdz = ax * by - ay * bx;
  gradient[a] = (gradient[a] as number) + f * gax;
  gradient[a + 1] = (gradient[a + 1] as number) + f * gay;
  gradient[a + 2] = (gradient[a + 2] as number) + f * gaz;
  gradient[b] = (gradient[b] as number) + f * gbx;
  gradient[b + 1] = (gradient[b + 1] as number) + f * gby;
  gradient[b + 2] = (gradient[b + 2] as number) + f * gbz;
  gradient[d] = (gradient[d] as number) + f * gdx;
  gradient[d + 1] = (gradient[d + 1] as number) + f * gdy;
  gradient[d + 2] = (gradient[d + 2] as number) + f * gdz;
  gradient[c] = (gradient[c] as number) - f * (gax + gbx + gdx);
  gradient[c + 1] = (gradient[c + 1] as number) - f * (gay + gby + gdy);
  gradient[c + 2] = (gradient[c + 2] as number) - f * (gaz + gbz + gdz);
}
