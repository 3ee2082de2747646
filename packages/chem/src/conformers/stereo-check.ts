import type { Topology } from './topology.ts';
import { vectorLength3 } from '../vector-length.ts';

export function signedVolume(x: Float64Array, c: number, a: number, b: number, d: number): number {
  const ax = (x[3 * a] as number) - (x[3 * c] as number), ay = (x[3 * a + 1] as number) - (x[3 * c + 1] as number), az = (x[3 * a + 2] as number) - (x[3 * c + 2] as number);
  const bx = (x[3 * b] as number) - (x[3 * c] as number), by = (x[3 * b + 1] as number) - (x[3 * c + 1] as number), bz = (x[3 * b + 2] as number) - (x[3 * c + 2] as number);
  const dx = (x[3 * d] as number) - (x[3 * c] as number), dy = (x[3 * d + 1] as number) - (x[3 * c + 1] as number), dz = (x[3 * d + 2] as number) - (x[3 * c + 2] as number);
  return ax * (by * dz - bz * dy) + ay * (bz * dx - bx * dz) + az * (bx * dy - by * dx);
}

/** Cosine of the dihedral a-b-c-d (positive = cis). */
export function dihedralCosine(x: Float64Array, a: number, b: number, c: number, d: number): number {
  const b1 = [0, 1, 2].map((k) => (x[3 * b + k] as number) - (x[3 * a + k] as number)) as [number, number, number];
  const b2 = [0, 1, 2].map((k) => (x[3 * c + k] as number) - (x[3 * b + k] as number)) as [number, number, number];
  const b3 = [0, 1, 2].map((k) => (x[3 * d + k] as number) - (x[3 * c + k] as number)) as [number, number, number];
  const n1 = [b1[1] * b2[2] - b1[2] * b2[1], b1[2] * b2[0] - b1[0] * b2[2], b1[0] * b2[1] - b1[1] * b2[0]];
  const n2 = [b2[1] * b3[2] - b2[2] * b3[1], b2[2] * b3[0] - b2[0] * b3[2], b2[0] * b3[1] - b2[1] * b3[0]];
  const dot = (n1[0] as number) * (n2[0] as number) + (n1[1] as number) * (n2[1] as number) + (n1[2] as number) * (n2[2] as number);
  const norms = vectorLength3(n1[0]!, n1[1]!, n1[2]!) * vectorLength3(n2[0]!, n2[1]!, n2[2]!);
  return norms < 1e-12 ? 0 : dot / norms;
}

/** Whether skeleton coordinates have every specified tetrahedral centre and double bond the right way round. */
export function stereoSatisfied(topology: Topology, x: Float64Array): boolean {
  for (const { centre, neighbours: [a, b, d], sign } of topology.chiral) {
    if (signedVolume(x, centre, a, b, d) * sign <= 0) return false;
  }
  for (const { a, b, c, d, cis } of topology.doubleBonds) {
    if (dihedralCosine(x, a, b, c, d) > 0 !== cis) return false;
  }
  return true;
}
