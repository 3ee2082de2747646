/**
 * ESPsim's electrostatic similarity (Bolcato et al., J. Chem. Inf. Model. 2022): the overlap of the
 * Coulomb potentials of two sets of point charges, with the kernel replaced by nine Gaussians so the
 * integral is analytic: O_AB = Σ_i Σ_j q_i q_j Σ_k a_k exp(b_k r_ij²), r in ångström. As in ESPsim,
 * every charge site takes part, including i = j in the self-overlaps.
 */

/** ESPsim's published fit, its 3×3 tables flattened row by row. */
export const ESP_GAUSSIAN_A: readonly number[] = [
  15.90600036, 3.9534831, 17.61453176, 3.9534831, 5.21580206, 1.91045387, 17.61453176, 1.91045387, 238.75820253,
];
export const ESP_GAUSSIAN_B: readonly number[] = [
  -0.02495, -0.04539319, -0.00247124, -0.04539319, -0.2513, -0.00258662, -0.00247124, -0.00258662, -0.0013,
];

/**
 * The kernel as (a, b) terms of Σ a exp(b r²): the tables are symmetric, so the nine terms collapse to
 * six distinct exponents (off-diagonal weights doubled).
 */
export const ESP_KERNEL_TERMS: ReadonlyArray<readonly [number, number]> = [
  [ESP_GAUSSIAN_A[0]!, ESP_GAUSSIAN_B[0]!],
  [2 * ESP_GAUSSIAN_A[1]!, ESP_GAUSSIAN_B[1]!],
  [2 * ESP_GAUSSIAN_A[2]!, ESP_GAUSSIAN_B[2]!],
  [ESP_GAUSSIAN_A[4]!, ESP_GAUSSIAN_B[4]!],
  [2 * ESP_GAUSSIAN_A[5]!, ESP_GAUSSIAN_B[5]!],
  [ESP_GAUSSIAN_A[8]!, ESP_GAUSSIAN_B[8]!],
];

/** Σ_k a_k exp(b_k r²) summed term by term with Math.exp: the definition the table reproduces. */
export function espKernelExact(r2: number): number {
  let sum = 0;
  for (const [a, b] of ESP_KERNEL_TERMS) sum += a * Math.exp(b * r2);
  return sum;
}

function espKernelSlope(r2: number): number {
  let sum = 0;
  for (const [a, b] of ESP_KERNEL_TERMS) sum += a * b * Math.exp(b * r2);
  return sum;
}

/**
 * The kernel as a smooth function of r², tabulated as cubic Hermite pieces (values and slopes
 * exact at the knots): one lookup and a cubic per atom pair instead of six exponentials. Steps
 * shrink where the steepest Gaussian (b = −0.25) still matters: 1/16 Å² up to r² = 64, 1/2 up to
 * 1024, 2 up to 4096; beyond that (r > 64 Å) the sum is evaluated directly. Interpolation error
 * below 1e-9 absolute against a kernel of about 300 at r = 0 (asserted by the tests).
 */
const SEGMENTS: ReadonlyArray<{ start: number; end: number; perUnit: number }> = [
  { start: 0, end: 64, perUnit: 16 },
  { start: 64, end: 1024, perUnit: 2 },
  { start: 1024, end: 4096, perUnit: 0.5 },
];
export const ESP_TABLE_END = 4096;
const SEGMENT_BASE = SEGMENTS.map((_, k) => SEGMENTS.slice(0, k).reduce((sum, g) => sum + (g.end - g.start) * g.perUnit, 0));
const PIECES = SEGMENTS.reduce((sum, g) => sum + (g.end - g.start) * g.perUnit, 0);
const PIECE = new Float64Array(4 * PIECES);
SEGMENTS.forEach((segment, k) => {
  const h = 1 / segment.perUnit;
  const count = (segment.end - segment.start) * segment.perUnit;
  for (let i = 0; i < count; i++) {
    const s0 = segment.start + i * h;
    const s1 = s0 + h;
    const p0 = espKernelExact(s0), p1 = espKernelExact(s1);
    const m0 = h * espKernelSlope(s0), m1 = h * espKernelSlope(s1);
    const o = 4 * (SEGMENT_BASE[k]! + i);
    PIECE[o] = p0;
    PIECE[o + 1] = m0;
    PIECE[o + 2] = 3 * (p1 - p0) - 2 * m0 - m1;
    PIECE[o + 3] = 2 * (p0 - p1) + m0 + m1;
  }
});
const BASE_1 = SEGMENT_BASE[1]!;
const BASE_2 = SEGMENT_BASE[2]!;

/** Σ_k a_k exp(b_k r²) (every b_k negative), from the table. */
export function espKernel(r2: number): number {
  let x: number;
  let base: number;
  if (r2 < 64) {
    x = r2 * 16;
    base = 0;
  } else if (r2 < 1024) {
    x = (r2 - 64) * 2;
    base = BASE_1;
  } else if (r2 < ESP_TABLE_END) {
    x = (r2 - 1024) * 0.5;
    base = BASE_2;
  } else {
    return espKernelExact(r2);
  }
  const i = x | 0;
  const u = x - i;
  const o = 4 * (base + i);
  return PIECE[o]! + u * (PIECE[o + 1]! + u * (PIECE[o + 2]! + u * PIECE[o + 3]!));
}

/** O_AB of `countA` charges at `coordsA` with `countB` charges at `coordsB` (same frame). */
export function espOverlap(
  coordsA: Float64Array,
  chargesA: ArrayLike<number>,
  countA: number,
  coordsB: Float64Array,
  chargesB: ArrayLike<number>,
  countB: number,
): number {
  let total = 0;
  for (let i = 0; i < countA; i++) {
    const qi = chargesA[i]!;
    if (qi === 0) continue;
    const xi = coordsA[3 * i]!, yi = coordsA[3 * i + 1]!, zi = coordsA[3 * i + 2]!;
    let potential = 0;
    for (let j = 0; j < countB; j++) {
      const qj = chargesB[j]!;
      if (qj === 0) continue;
      const dx = coordsB[3 * j]! - xi, dy = coordsB[3 * j + 1]! - yi, dz = coordsB[3 * j + 2]! - zi;
      potential += qj * espKernel(dx * dx + dy * dy + dz * dz);
    }
    total += qi * potential;
  }
  return total;
}

/** O_AA of one charge set with itself, using the symmetry of the pair sum (half the work). */
export function espSelfOverlap(coords: Float64Array, charges: ArrayLike<number>, count: number): number {
  let diagonal = 0;
  let offDiagonal = 0;
  const atZero = espKernel(0);
  for (let i = 0; i < count; i++) {
    const qi = charges[i]!;
    if (qi === 0) continue;
    diagonal += qi * qi * atZero;
    const xi = coords[3 * i]!, yi = coords[3 * i + 1]!, zi = coords[3 * i + 2]!;
    let potential = 0;
    for (let j = i + 1; j < count; j++) {
      const qj = charges[j]!;
      if (qj === 0) continue;
      const dx = coords[3 * j]! - xi, dy = coords[3 * j + 1]! - yi, dz = coords[3 * j + 2]! - zi;
      potential += qj * espKernel(dx * dx + dy * dy + dz * dz);
    }
    offDiagonal += qi * potential;
  }
  return diagonal + 2 * offDiagonal;
}

export type EspMetric = 'carbo' | 'tanimoto';

/**
 * Carbó O_AB / √(O_AA·O_BB) (−1..1) or Tanimoto O_AB / (O_AA + O_BB − O_AB) (−1/3..1), as ESPsim;
 * 0 when a molecule carries no charge at all (the ratio is undefined).
 */
export function espSimilarity(overlapAA: number, overlapBB: number, overlapAB: number, metric: EspMetric): number {
  if (metric === 'carbo') {
    const denominator = Math.sqrt(overlapAA * overlapBB);
    return denominator > 0 ? overlapAB / denominator : 0;
  }
  const denominator = overlapAA + overlapBB - overlapAB;
  return denominator > 0 ? overlapAB / denominator : 0;
}

/** ESPsim's renormalisation to 0..1: (x + 1) / 2 for Carbó, (x + 1/3) / (4/3) for Tanimoto. */
export function renormalizeEsp(similarity: number, metric: EspMetric): number {
  return metric === 'carbo' ? (similarity + 1) / 2 : (similarity + 1 / 3) / (4 / 3);
}
