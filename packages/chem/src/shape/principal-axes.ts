/**
 * Centroid and principal axes of a point set, the frames in which two molecules are first laid on
 * each other before the overlap is optimised.
 */
export interface PrincipalFrame {
  centroid: [number, number, number];
  /** Row-major 3×3 whose columns are the axes, largest spread first; a proper rotation (det +1). */
  axes: Float64Array;
  /** Variances along the axes, descending. */
  spreads: [number, number, number];
}

/**
 * The frame of the first `count` points of `coords`. `into`, when given, receives it in its own arrays and is
 * returned: stage 1 frames thousands of conformers a search, and allocating each frame's arrays cost more
 * than computing it.
 */
export function principalFrame(coords: Float64Array, count: number, into?: PrincipalFrame): PrincipalFrame {
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < count; i++) {
    cx += coords[3 * i]!;
    cy += coords[3 * i + 1]!;
    cz += coords[3 * i + 2]!;
  }
  const n = Math.max(count, 1);
  cx /= n;
  cy /= n;
  cz /= n;
  let sxx = 0, sxy = 0, sxz = 0, syy = 0, syz = 0, szz = 0;
  for (let i = 0; i < count; i++) {
    const x = coords[3 * i]! - cx, y = coords[3 * i + 1]! - cy, z = coords[3 * i + 2]! - cz;
    sxx += x * x;
    sxy += x * y;
    sxz += x * z;
    syy += y * y;
    syz += y * z;
    szz += z * z;
  }
  // Written without closures: stage 1 frames thousands of conformers a search, and the TypeScript loader
  // names every closure it creates.
  const a = COVARIANCE;
  a[0] = sxx / n;
  a[1] = a[3] = sxy / n;
  a[2] = a[6] = sxz / n;
  a[4] = syy / n;
  a[5] = a[7] = syz / n;
  a[8] = szz / n;
  const vectors = EIGENVECTORS;
  symmetricEigen3(a, vectors);
  const first = descendingFirst(a[0]!, a[4]!, a[8]!);
  const third = descendingThird(a[0]!, a[4]!, a[8]!);
  const second = 3 - first - third;
  const axes = into ? into.axes : new Float64Array(9);
  for (let row = 0; row < 3; row++) {
    axes[row * 3] = vectors[row * 3 + first]!;
    axes[row * 3 + 1] = vectors[row * 3 + second]!;
    axes[row * 3 + 2] = vectors[row * 3 + third]!;
  }
  if (determinant3(axes) < 0) for (let row = 0; row < 3; row++) axes[row * 3 + 2] = -axes[row * 3 + 2]!;
  if (!into) return { centroid: [cx, cy, cz], axes, spreads: [a[first * 4]!, a[second * 4]!, a[third * 4]!] };
  into.centroid[0] = cx;
  into.centroid[1] = cy;
  into.centroid[2] = cz;
  into.spreads[0] = a[first * 4]!;
  into.spreads[1] = a[second * 4]!;
  into.spreads[2] = a[third * 4]!;
  return into;
}

/** Scratch of principalFrame: the covariance, diagonalised in place, and its eigenvectors (one thread, never re-entered). */
const COVARIANCE = new Float64Array(9);
const EIGENVECTORS = new Float64Array(9);

/**
 * The four proper rotations that flip the signs of two principal axes (and the identity): the
 * orientations that map one molecule's principal frame onto another's.
 */
export const AXIS_SIGN_FLIPS: ReadonlyArray<readonly [number, number, number]> = [
  [1, 1, 1],
  [1, -1, -1],
  [-1, 1, -1],
  [-1, -1, 1],
];

/**
 * Points of `coords` (x, y, z after x, y, z) relative to `centroid`, along the principal `axes` (row-major,
 * columns = axes): each coordinate is Σ axes[k][a] · (x_k − c_k), summed in that order. The first `count`
 * points (all by default) are written to `out` (a new array by default), which is returned.
 */
export function alongAxes(coords: Float64Array, centroid: readonly [number, number, number], axes: Float64Array, count = coords.length / 3, out: Float64Array = new Float64Array(3 * count)): Float64Array {
  const [cx, cy, cz] = centroid;
  for (let i = 0; i < count; i++) {
    const x = coords[3 * i]! - cx, y = coords[3 * i + 1]! - cy, z = coords[3 * i + 2]! - cz;
    for (let a = 0; a < 3; a++) out[3 * i + a] = axes[a]! * x + axes[3 + a]! * y + axes[6 + a]! * z;
  }
  return out;
}

/** R = A · diag(flip) · Bᵀ: carries the candidate frame B onto the query frame A. */
export function frameRotation(queryAxes: Float64Array, candidateAxes: Float64Array, flip: readonly [number, number, number]): Float64Array {
  const out = new Float64Array(9);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += queryAxes[r * 3 + k]! * flip[k]! * candidateAxes[c * 3 + k]!;
      out[r * 3 + c] = sum;
    }
  }
  return out;
}

/**
 * Where the largest of three values stands and where the smallest does, as a stable sort by descending value
 * orders 0, 1, 2: the first index of the largest, the last index of the smallest.
 */
function descendingFirst(v0: number, v1: number, v2: number): number {
  const largest = Math.max(v0, v1, v2);
  return v0 === largest ? 0 : v1 === largest ? 1 : 2;
}

function descendingThird(v0: number, v1: number, v2: number): number {
  const smallest = Math.min(v0, v1, v2);
  return v2 === smallest ? 2 : v1 === smallest ? 1 : 0;
}

function determinant3(m: Float64Array): number {
  return (
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) - m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) + m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!)
  );
}

/** The (p, q) pairs of one Jacobi sweep, in order: (0, 1), (0, 2), (1, 2). */
const SWEEP_P = [0, 0, 1] as const;
const SWEEP_Q = [1, 2, 2] as const;

/**
 * Eigen-decomposition of a symmetric 3×3 (row-major) by cyclic Jacobi rotations, in place: `a` ends with the
 * eigenvalues on its diagonal, `v` holds the eigenvectors as columns. Stage 1 frames every conformer of every
 * row it ranks, so a sweep allocates nothing.
 */
function symmetricEigen3(a: Float64Array, v: Float64Array): void {
  v.fill(0);
  v[0] = v[4] = v[8] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[1]! * a[1]! + a[2]! * a[2]! + a[5]! * a[5]!;
    if (off < 1e-30) break;
    for (let r = 0; r < 3; r++) {
      const p = SWEEP_P[r]!, q = SWEEP_Q[r]!;
      const apq = a[p * 3 + q]!;
      if (Math.abs(apq) < 1e-300) continue;
      const app = a[p * 3 + p]!, aqq = a[q * 3 + q]!;
      const theta = (aqq - app) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = a[k * 3 + p]!, akq = a[k * 3 + q]!;
        a[k * 3 + p] = c * akp - s * akq;
        a[k * 3 + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p * 3 + k]!, aqk = a[q * 3 + k]!;
        a[p * 3 + k] = c * apk - s * aqk;
        a[q * 3 + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k * 3 + p]!, vkq = v[k * 3 + q]!;
        v[k * 3 + p] = c * vkp - s * vkq;
        v[k * 3 + q] = s * vkp + c * vkq;
      }
    }
  }
}
