/**
 * USR-family similarity of two descriptors of the same kind: 1 / (1 + mean |a_i - b_i|), in (0, 1],
 * 1 for identical descriptors (unweighted, as in USR, USRCAT and ElectroShape).
 */
export function descriptorSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) {
    throw new Error(`Descriptors of different kinds cannot be compared: lengths ${a.length} and ${b.length}.`);
  }
  if (a.length === 0) return 1;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return 1 / (1 + sum / a.length);
}
