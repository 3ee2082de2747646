import { covalentRadius } from './element-radii.ts';
import type { Topology } from './topology.ts';
import { vectorLength3 } from '../vector-length.ts';

type Vec = [number, number, number];

const TETRAHEDRAL = (109.47 * Math.PI) / 180;
const HALF_TETRAHEDRAL = (54.74 * Math.PI) / 180;
const X_H: Record<number, number> = { 5: 1.19, 6: 1.09, 7: 1.01, 8: 0.97, 14: 1.48, 15: 1.42, 16: 1.34 };

const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec, s: number): Vec => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
function unit(a: Vec): Vec {
  const length = vectorLength3(a[0], a[1], a[2]);
  return length < 1e-9 ? [1, 0, 0] : scale(a, 1 / length);
}
/** Some unit vector perpendicular to `a`, preferring the direction of `hint`. */
function perpendicular(a: Vec, hint?: Vec): Vec {
  if (hint) {
    const p = sub(hint, scale(a, dot(hint, a)));
    if (vectorLength3(p[0], p[1], p[2]) > 1e-3) return unit(p);
  }
  const trial: Vec = Math.abs(a[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  return unit(sub(trial, scale(a, dot(trial, a))));
}

/** Directions for `count` hydrogens given unit vectors to the heavy neighbours. */
function hydrogenDirections(geometry: string, bonds: Vec[], count: number, reference: Vec | undefined): Vec[] {
  const [u0, u1, u2] = bonds;
  if (geometry === 'sp' && u0) return [scale(u0, -1)];
  if (u0 && u1 && u2) return [unit(scale(add(add(u0, u1), u2), -1))];
  if (u0 && u1) {
    const bisector = unit(scale(add(u0, u1), -1));
    if (geometry === 'sp2') return [bisector];
    const normal = unit(cross(u0, u1));
    return [add(scale(bisector, Math.cos(HALF_TETRAHEDRAL)), scale(normal, Math.sin(HALF_TETRAHEDRAL))),
      add(scale(bisector, Math.cos(HALF_TETRAHEDRAL)), scale(normal, -Math.sin(HALF_TETRAHEDRAL)))];
  }
  if (u0) {
    // Staggered (or in-plane for trigonal centres) relative to a substituent of the neighbour.
    const w = perpendicular(u0, reference);
    const v = cross(u0, w);
    const angle = geometry === 'sp2' ? (2 * Math.PI) / 3 : TETRAHEDRAL;
    const turns = geometry === 'sp2' ? [Math.PI, 0] : count === 2 ? [Math.PI / 3, -Math.PI / 3] : [Math.PI, Math.PI / 3, -Math.PI / 3];
    return turns.map((t) => add(scale(u0, Math.cos(angle)), scale(add(scale(w, Math.cos(t)), scale(v, Math.sin(t))), Math.sin(angle))));
  }
  const s = 1 / Math.sqrt(3);
  return [[s, s, s], [s, -s, -s], [-s, s, -s], [-s, -s, s], [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0]];
}

/** Spreads directions greedily away from existing bonds, for coordinations the rules above do not cover. */
function spreadDirections(bonds: Vec[], count: number): Vec[] {
  const candidates: Vec[] = [];
  for (let k = 0; k < 32; k++) {
    const y = 1 - (2 * (k + 0.5)) / 32;
    const r = Math.sqrt(1 - y * y);
    const t = k * 2.399963;
    candidates.push([r * Math.cos(t), y, r * Math.sin(t)]);
  }
  const taken = [...bonds];
  const result: Vec[] = [];
  for (let h = 0; h < count; h++) {
    let best = candidates[0] as Vec;
    let bestScore = Infinity;
    for (const c of candidates) {
      const score = Math.max(-1, ...taken.map((t) => dot(c, t)));
      if (score < bestScore) [best, bestScore] = [c, score];
    }
    result.push(best);
    taken.push(best);
  }
  return result;
}

function skeletonPosition(skeleton: Float64Array, s: number): Vec {
  return [skeleton[3 * s] as number, skeleton[3 * s + 1] as number, skeleton[3 * s + 2] as number];
}

/**
 * Writes full coordinates (graph atom order) from skeleton coordinates, placing each remaining hydrogen
 * at its ideal position on its heavy atom.
 */
export function placeHydrogens(topology: Topology, skeleton: Float64Array, out: Float64Array): void {
  for (let s = 0; s < topology.size; s++) {
    const g = topology.toGraph[s] as number;
    out[3 * g] = skeleton[3 * s] as number;
    out[3 * g + 1] = skeleton[3 * s + 1] as number;
    out[3 * g + 2] = skeleton[3 * s + 2] as number;
  }
  for (let s = 0; s < topology.size; s++) {
    const hydrogens = topology.hydrogens[s] ?? [];
    if (hydrogens.length === 0) continue;
    const centre = skeletonPosition(skeleton, s);
    const around = topology.neighbours[s] ?? [];
    const bonds = around.map((j) => unit(sub(skeletonPosition(skeleton, j), centre)));
    const first = around[0];
    const referenceAtom = first === undefined ? undefined : (topology.neighbours[first] ?? []).find((j) => j !== s);
    const reference = first === undefined || referenceAtom === undefined ? undefined : sub(skeletonPosition(skeleton, referenceAtom), skeletonPosition(skeleton, first));
    const geometry = topology.hybridisation[s] ?? 'sp3';
    const total = around.length + hydrogens.length;
    const fits = geometry !== 'other' && total <= (geometry === 'sp' ? 2 : geometry === 'sp2' ? 3 : 4);
    let directions = fits ? hydrogenDirections(geometry, bonds, hydrogens.length, reference) : [];
    if (directions.length < hydrogens.length) directions = spreadDirections(bonds, hydrogens.length);
    const z = topology.atomicNumbers[s] ?? 6;
    const length = X_H[z] ?? covalentRadius(z, 1) + covalentRadius(1, 1);
    hydrogens.forEach((h, k) => {
      const direction = directions[k] as Vec;
      out[3 * h] = centre[0] + length * direction[0];
      out[3 * h + 1] = centre[1] + length * direction[1];
      out[3 * h + 2] = centre[2] + length * direction[2];
    });
  }
}
