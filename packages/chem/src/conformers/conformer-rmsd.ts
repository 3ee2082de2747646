/**
 * Root-mean-square deviation between two conformers of the same atoms after optimal superposition
 * (Horn's quaternion method: the best rotation's quality is the largest eigenvalue of a 4x4 matrix).
 * `a` and `b` hold x, y, z per atom; `atoms` lists which atoms count (the heavy ones, for pruning).
 */
export function alignedRmsd(a: Float64Array, b: Float64Array, atoms: ArrayLike<number>): number {
  const count = atoms.length;
  if (count === 0) return 0;
  const ca = [0, 0, 0];
  const cb = [0, 0, 0];
  for (let k = 0; k < count; k++) {
    const i = (atoms[k] as number) * 3;
    for (let d = 0; d < 3; d++) {
      ca[d] = (ca[d] as number) + (a[i + d] as number) / count;
      cb[d] = (cb[d] as number) + (b[i + d] as number) / count;
    }
  }
  const r = new Float64Array(9);
  let squares = 0;
  for (let k = 0; k < count; k++) {
    const i = (atoms[k] as number) * 3;
    const ax = (a[i] as number) - (ca[0] as number), ay = (a[i + 1] as number) - (ca[1] as number), az = (a[i + 2] as number) - (ca[2] as number);
    const bx = (b[i] as number) - (cb[0] as number), by = (b[i + 1] as number) - (cb[1] as number), bz = (b[i + 2] as number) - (cb[2] as number);
    squares += ax * ax + ay * ay + az * az + bx * bx + by * by + bz * bz;
    r[0] = (r[0] as number) + ax * bx; r[1] = (r[1] as number) + ax * by; r[2] = (r[2] as number) + ax * bz;
    r[3] = (r[3] as number) + ay * bx; r[4] = (r[4] as number) + ay * by; r[5] = (r[5] as number) + ay * bz;
    r[6] = (r[6] as number) + az * bx; r[7] = (r[7] as number) + az * by; r[8] = (r[8] as number) + az * bz;
  }
  const [xx = 0, xy = 0, xz = 0, yx = 0, yy = 0, yz = 0, zx = 0, zy = 0, zz = 0] = r;
  const m = Float64Array.of(
    xx + yy + zz, yz - zy, zx - xz, xy - yx,
    yz - zy, xx - yy - zz, xy + yx, zx + xz,
    zx - xz, xy + yx, -xx + yy - zz, yz + zy,
    xy - yx, zx + xz, yz + zy, -xx - yy + zz,
  );
  const largest = Math.max(...symmetricEigenvalues4(m));
  return Math.sqrt(Math.max(0, (squares - 2 * largest) / count));
}

/** Eigenvalues of a symmetric 4x4 matrix (row-major, changed in place) by cyclic Jacobi rotations (converges in a handful of sweeps). */
function symmetricEigenvalues4(m: Float64Array): number[] {
  for (let sweep = 0; sweep < 30; sweep++) {
    let off = 0;
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) off += m[4 * p + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < 4; p++) {
      for (let q = p + 1; q < 4; q++) {
        const apq = m[4 * p + q]!;
        if (Math.abs(apq) < 1e-30) continue;
        const theta = (m[5 * q]! - m[5 * p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < 4; k++) {
          const akp = m[4 * k + p]!;
          const akq = m[4 * k + q]!;
          m[4 * k + p] = c * akp - s * akq;
          m[4 * k + q] = s * akp + c * akq;
        }
        for (let k = 0; k < 4; k++) {
          const apk = m[4 * p + k]!;
          const aqk = m[4 * q + k]!;
          m[4 * p + k] = c * apk - s * aqk;
          m[4 * q + k] = s * apk + c * aqk;
        }
      }
    }
  }
  return [m[0]!, m[5]!, m[10]!, m[15]!];
}
