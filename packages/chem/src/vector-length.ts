// Lengths of 3- and 4-vectors equal to Math.hypot's to the last bit, so conformers stay as they were. V8's
// Math.hypot scales the values by the largest, sums their squares with Kahan's compensation and scales back; it
// also copies its arguments into a fresh array and is not inlined, which made it about six times slower than
// these in the conformer loops. These take the same steps in the same order (vector-length.test.ts compares
// them with Math.hypot).

/** |(x, y, z)|, as Math.hypot(x, y, z) gives it. */
export function vectorLength3(x: number, y: number, z: number): number {
  return compensatedLength(x, y, z, 0, false);
}

/** |(w, x, y, z)|, as Math.hypot(w, x, y, z) gives it. */
export function vectorLength4(w: number, x: number, y: number, z: number): number {
  return compensatedLength(w, x, y, z, true);
}

/**
 * Math.hypot of the first three values, or of all four. A fourth value of 0 changes neither the largest value nor
 * the NaN test, but Math.hypot of three values never applies the compensation left by the third, so three values
 * stop there rather than add a zero.
 */
function compensatedLength(w: number, x: number, y: number, z: number, four: boolean): number {
  const a = Math.abs(w), b = Math.abs(x), c = Math.abs(y), d = Math.abs(z);
  // Comparisons with NaN are false, so the largest is taken over the other values, as Math.hypot does.
  let max = 0;
  if (a > max) max = a;
  if (b > max) max = b;
  if (c > max) max = c;
  if (d > max) max = d;
  if (max === Infinity) return Infinity;
  if (Number.isNaN(a) || Number.isNaN(b) || Number.isNaN(c) || Number.isNaN(d)) return NaN;
  if (max === 0) return 0;
  let sum = 0, compensation = 0, n = a / max;
  let summand = n * n - compensation, next = sum + summand;
  compensation = next - sum - summand;
  sum = next;
  n = b / max;
  summand = n * n - compensation;
  next = sum + summand;
  compensation = next - sum - summand;
  sum = next;
  n = c / max;
  summand = n * n - compensation;
  next = sum + summand;
  if (!four) return Math.sqrt(next) * max;
  compensation = next - sum - summand;
  sum = next;
  n = d / max;
  summand = n * n - compensation;
  return Math.sqrt(sum + summand) * max;
}
