import type { BoundsMatrix } from './bounds-matrix.ts';

/**
 * Floyd–Warshall triangle-inequality smoothing of the bounds (upper: u_ij <= u_ik + u_kj; lower:
 * l_ij >= l_ik - u_kj). Returns false when some lower bound ends above its upper bound, i.e. the
 * ideal geometry cannot be satisfied (strained cages, over-tight van der Waals bounds).
 */
export function smoothBounds(bounds: BoundsMatrix): boolean {
  const { n, lower, upper } = bounds;
  for (let k = 0; k < n; k++) {
    const kRow = k * n;
    for (let i = 0; i < n; i++) {
      if (i === k) continue;
      const iRow = i * n;
      const uik = upper[iRow + k] as number;
      const lik = lower[iRow + k] as number;
      for (let j = i + 1; j < n; j++) {
        if (j === k) continue;
        const ukj = upper[kRow + j] as number;
        const lkj = lower[kRow + j] as number;
        const ij = iRow + j;
        let u = upper[ij] as number;
        if (uik + ukj < u) {
          u = uik + ukj;
          upper[ij] = upper[j * n + i] = u;
        }
        const l = lower[ij] as number;
        const candidate = Math.max(lik - ukj, lkj - uik);
        if (candidate > l) lower[ij] = lower[j * n + i] = candidate;
      }
    }
  }
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if ((lower[i * n + j] as number) > (upper[i * n + j] as number) + 1e-6) return false;
  return true;
}
