import { expNegative } from './fast-exp.ts';

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

// The tables are symmetric, so the nine terms collapse to six distinct exponents (off-diagonal
// weights doubled): six exp() per atom pair instead of nine, same sum.
const A0 = ESP_GAUSSIAN_A[0]!, B0 = ESP_GAUSSIAN_B[0]!;
const A1 = 2 * ESP_GAUSSIAN_A[1]!, B1 = ESP_GAUSSIAN_B[1]!;
const A2 = 2 * ESP_GAUSSIAN_A[2]!, B2 = ESP_GAUSSIAN_B[2]!;
const A4 = ESP_GAUSSIAN_A[4]!, B4 = ESP_GAUSSIAN_B[4]!;
const A5 = 2 * ESP_GAUSSIAN_A[5]!, B5 = ESP_GAUSSIAN_B[5]!;
const A8 = ESP_GAUSSIAN_A[8]!, B8 = ESP_GAUSSIAN_B[8]!;

/** Σ_k a_k exp(b_k r²); every b_k is negative. */
export function espKernel(r2: number): number {
  return (
    A0 * expNegative(-B0 * r2) +
    A1 * expNegative(-B1 * r2) +
    A2 * expNegative(-B2 * r2) +
    A4 * expNegative(-B4 * r2) +
    A5 * expNegative(-B5 * r2) +
    A8 * expNegative(-B8 * r2)
  );
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
