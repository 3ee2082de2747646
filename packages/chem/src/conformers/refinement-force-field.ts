import { Relation, type BoundsMatrix } from './bounds-matrix.ts';
import { volumeEnergy, type VolumeTerm } from './distance-geometry-error.ts';
import { vdwRadius } from './element-radii.ts';
import type { TorsionTerm } from './torsion-preferences.ts';
import type { Topology } from './topology.ts';
import { addSignedVolumeGradient, signedVolume } from './signed-volume.ts';

/**
 * A small force field for the last polish of an embedded skeleton: flat-bottomed restraints to the
 * ideal 1-2, 1-3 and held-planar 1-4 distances, out-of-plane terms at trigonal centres, torsion
 * preferences, chiral volumes, and a soft repulsion between atoms further apart than a torsion.
 */
export interface ForceField {
  evaluate: (x: Float64Array, gradient: Float64Array) => number;
  /** The same terms as one table for the WebAssembly minimiser (layout in assembly/conformer-minimiser.ts). */
  table: Float64Array;
}

const DISTANCE_K = [0, 300, 100, 20];
const PLANE_K = 20;
const REPULSION_K = 10;
const REPULSION_SCALE = 1.05;
const TORSION_PAIR_SCALE = 0.7;
/** Periodicities up to this one take the multiple-angle recurrence (`multipleAngle`). */
const MAX_RECURRENCE = 6;

interface PairSet { i: Int32Array; j: Int32Array; low: Float64Array; high: Float64Array; k: Float64Array; repulsive: Uint8Array }

function restraintPairs(topology: Topology, local: BoundsMatrix): PairSet {
  const { n, relation } = local;
  // Every pair of atoms gets one restraint; typed arrays filled in place keep this O(n²) step cheap.
  const count = (n * (n - 1)) / 2;
  const pairs: PairSet = {
    i: new Int32Array(count), j: new Int32Array(count), low: new Float64Array(count), high: new Float64Array(count),
    k: new Float64Array(count), repulsive: new Uint8Array(count),
  };
  const radii = Float64Array.from({ length: n }, (_, a) => vdwRadius(topology.atomicNumbers[a] ?? 6));
  let q = 0;
  for (let i = 0; i < n; i++) {
    const vi = radii[i] as number;
    for (let j = i + 1; j < n; j++, q++) {
      const kind = relation[i * n + j] as number;
      const lo = local.lower[i * n + j] as number;
      const hi = local.upper[i * n + j] as number;
      const contact = (vi + (radii[j] as number)) * REPULSION_SCALE;
      pairs.i[q] = i;
      pairs.j[q] = j;
      // Bonds and angles are pulled to their ideal values: the bounds' tolerance is for embedding, not the final geometry.
      if (kind === Relation.Bond || kind === Relation.Angle) setPair(pairs, q, (lo + hi) / 2, (lo + hi) / 2, DISTANCE_K[kind] ?? 0, 0);
      else if (kind === Relation.Torsion && hi - lo < 0.2) setPair(pairs, q, lo, hi, DISTANCE_K[kind] ?? 0, 0);
      else if (kind === Relation.Torsion) setPair(pairs, q, Math.max(lo, contact * TORSION_PAIR_SCALE), Infinity, REPULSION_K, 1);
      else setPair(pairs, q, contact, Infinity, REPULSION_K, 1);
    }
  }
  return pairs;
}

function setPair(pairs: PairSet, q: number, low: number, high: number, k: number, repulsive: number): void {
  pairs.low[q] = low;
  pairs.high[q] = high;
  pairs.k[q] = k;
  pairs.repulsive[q] = repulsive;
}

/** Trigonal centres with three skeleton neighbours: centre, then the three neighbours. */
function planarCentres(topology: Topology): Int32Array {
  const centres: number[] = [];
  topology.neighbours.forEach((around, centre) => {
    if (topology.hybridisation[centre] === 'sp2' && around.length === 3) centres.push(centre, ...around);
  });
  return Int32Array.from(centres);
}

export function refinementForceField(topology: Topology, local: BoundsMatrix, torsions: TorsionTerm[], volumes: VolumeTerm[]): ForceField {
  const pairs = restraintPairs(topology, local);
  const planes = planarCentres(topology);
  const count = pairs.i.length;
  return {
    table: fieldTable(pairs, planes, torsions, volumes),
    evaluate(x, gradient) {
      gradient.fill(0);
      let energy = 0;
      for (let q = 0; q < count; q++) {
        const i = (pairs.i[q] as number) * 3;
        const j = (pairs.j[q] as number) * 3;
        const dx = (x[i] as number) - (x[j] as number);
        const dy = (x[i + 1] as number) - (x[j + 1] as number);
        const dz = (x[i + 2] as number) - (x[j + 2] as number);
        const d2 = dx * dx + dy * dy + dz * dz;
        const low = pairs.low[q] as number;
        if (pairs.repulsive[q] === 1 && d2 >= low * low) continue;
        const d = Math.sqrt(d2) + 1e-12;
        const high = pairs.high[q] as number;
        let violation = 0;
        if (d < low) violation = d - low;
        else if (d > high) violation = d - high;
        else continue;
        const k = pairs.k[q] as number;
        energy += k * violation * violation;
        const f = (2 * k * violation) / d;
        gradient[i] = (gradient[i] as number) + f * dx;
        gradient[i + 1] = (gradient[i + 1] as number) + f * dy;
        gradient[i + 2] = (gradient[i + 2] as number) + f * dz;
        gradient[j] = (gradient[j] as number) - f * dx;
        gradient[j + 1] = (gradient[j + 1] as number) - f * dy;
        gradient[j + 2] = (gradient[j + 2] as number) - f * dz;
      }
      energy += planeEnergy(planes, x, gradient);
      for (const term of torsions) energy += torsionEnergy(term, x, gradient);
      energy += volumeEnergy(volumes, x, gradient, 3, 10);
      return energy;
    },
  };
}

/** The terms in the order `evaluate` adds them, atoms as offsets of their x (3 * atom). */
function fieldTable(pairs: PairSet, planes: Int32Array, torsions: TorsionTerm[], volumes: VolumeTerm[]): Float64Array {
  const count = pairs.i.length;
  const table = new Float64Array(4 + 6 * count + planes.length + 7 * torsions.length + 6 * volumes.length);
  table.set([count, planes.length / 4, torsions.length, volumes.length]);
  let at = 4;
  // Written slot by slot: a pair a molecule has hundreds of, and an array made for each showed in profiles.
  for (let q = 0; q < count; q++, at += 6) {
    table[at] = 3 * (pairs.i[q] as number);
    table[at + 1] = 3 * (pairs.j[q] as number);
    table[at + 2] = pairs.low[q] as number;
    table[at + 3] = pairs.high[q] as number;
    table[at + 4] = pairs.k[q] as number;
    table[at + 5] = pairs.repulsive[q] as number;
  }
  for (const atom of planes) table[at++] = 3 * atom;
  for (const { a, b, c, d, k, n, phase } of torsions) {
    table.set([3 * a, 3 * b, 3 * c, 3 * d, k, n, phase], at);
    at += 7;
  }
  for (const { centre, n0, n1, n2, low, high } of volumes) {
    table.set([3 * centre, 3 * n0, 3 * n1, 3 * n2, low, high], at);
    at += 6;
  }
  return table;
}

/** Out-of-plane penalty: squared volume spanned by the three unit bond vectors of a trigonal centre. */
function planeEnergy(planes: Int32Array, x: Float64Array, gradient: Float64Array): number {
  let energy = 0;
  for (let p = 0; p < planes.length; p += 4) {
    const c = (planes[p] as number) * 3;
    const a = (planes[p + 1] as number) * 3;
    const b = (planes[p + 2] as number) * 3;
    const d = (planes[p + 3] as number) * 3;
    const volume = signedVolume(x, a, b, c, d);
    energy += PLANE_K * volume * volume;
    addSignedVolumeGradient(x, gradient, a, b, c, d, 2 * PLANE_K * volume);
  }
  return energy;
}

/** The cosine and sine of n φ - phase, written by `multipleAngle` (no object made per term). */
const angle = { cos: 0, sin: 0 };

/**
 * cos(n φ - phase) and sin(n φ - phase) into `angle`, φ given as |A||B| sin φ and |A||B| cos φ. For the
 * phases and periodicities the preferences use (0 or π; n = 1 to 6) by the multiple-angle recurrence
 * from cos φ and sin φ, which costs a square root where atan2, cos and sin took a third of an evaluation
 * of the force field; other terms by the trigonometric functions. assembly/conformer-minimiser.ts does
 * the same operations in the same order.
 */
function multipleAngle(sine: number, cosine: number, n: number, phase: number): void {
  const turns = n | 0;
  if (turns === n && turns >= 1 && turns <= MAX_RECURRENCE && (phase === 0 || phase === Math.PI)) {
    const length = Math.sqrt(sine * sine + cosine * cosine);
    const c = cosine / length;
    const s = sine / length;
    let cn = c;
    let sn = s;
    for (let m = 1; m < turns; m++) {
      const next = cn * c - sn * s;
      sn = sn * c + cn * s;
      cn = next;
    }
    // cos(x - π) = -cos x, sin(x - π) = -sin x.
    const sign = phase === 0 ? 1 : -1;
    angle.cos = sign * cn;
    angle.sin = sign * sn;
    return;
  }
  const phi = Math.atan2(sine, cosine);
  angle.cos = Math.cos(n * phi - phase);
  angle.sin = Math.sin(n * phi - phase);
}

/** k (1 + cos(n φ - phase)) with the analytic dihedral gradient (Bekker's formulation). */
export function torsionEnergy(term: TorsionTerm, x: Float64Array, gradient: Float64Array): number {
  const a = term.a * 3, b = term.b * 3, c = term.c * 3, d = term.d * 3;
  const f1x = (x[a] as number) - (x[b] as number), f1y = (x[a + 1] as number) - (x[b + 1] as number), f1z = (x[a + 2] as number) - (x[b + 2] as number);
  const gx = (x[b] as number) - (x[c] as number), gy = (x[b + 1] as number) - (x[c + 1] as number), gz = (x[b + 2] as number) - (x[c + 2] as number);
  const hx = (x[d] as number) - (x[c] as number), hy = (x[d + 1] as number) - (x[c + 1] as number), hz = (x[d + 2] as number) - (x[c + 2] as number);
  // A = F x G, B = H x G
  const ax = f1y * gz - f1z * gy, ay = f1z * gx - f1x * gz, az = f1x * gy - f1y * gx;
  const bx = hy * gz - hz * gy, by = hz * gx - hx * gz, bz = hx * gy - hy * gx;
  const a2 = ax * ax + ay * ay + az * az;
  const b2 = bx * bx + by * by + bz * bz;
  const gLength = Math.sqrt(gx * gx + gy * gy + gz * gz);
  if (a2 < 1e-10 || b2 < 1e-10 || gLength < 1e-6) return 0;
  // |A||B| sin φ = (B x A).G/|G| and |A||B| cos φ = A.B
  const crossX = by * az - bz * ay, crossY = bz * ax - bx * az, crossZ = bx * ay - by * ax;
  const sine = (crossX * gx + crossY * gy + crossZ * gz) / gLength;
  const cosine = ax * bx + ay * by + az * bz;
  multipleAngle(sine, cosine, term.n, term.phase);
  const energy = term.k * (1 + angle.cos);
  const dEdPhi = -term.k * term.n * angle.sin;
  const fg = f1x * gx + f1y * gy + f1z * gz;
  const hg = hx * gx + hy * gy + hz * gz;
  const sa = (-dEdPhi * gLength) / a2;
  const sb = (dEdPhi * gLength) / b2;
  const ta = (dEdPhi * fg) / (a2 * gLength);
  const tb = (dEdPhi * hg) / (b2 * gLength);
  // Gradient shares of a and d; b and c take the balancing shares (Bekker 1995).
  const fax = sa * ax, fay = sa * ay, faz = sa * az;
  const fdx = sb * bx, fdy = sb * by, fdz = sb * bz;
  const fbx = -fax + ta * ax - tb * bx, fby = -fay + ta * ay - tb * by, fbz = -faz + ta * az - tb * bz;
  const fcx = -fdx - ta * ax + tb * bx, fcy = -fdy - ta * ay + tb * by, fcz = -fdz - ta * az + tb * bz;
  gradient[a] = (gradient[a] as number) + fax;
  gradient[a + 1] = (gradient[a + 1] as number) + fay;
  gradient[a + 2] = (gradient[a + 2] as number) + faz;
  gradient[b] = (gradient[b] as number) + fbx;
  gradient[b + 1] = (gradient[b + 1] as number) + fby;
  gradient[b + 2] = (gradient[b + 2] as number) + fbz;
  gradient[c] = (gradient[c] as number) + fcx;
  gradient[c + 1] = (gradient[c + 1] as number) + fcy;
  gradient[c + 2] = (gradient[c + 2] as number) + fcz;
  gradient[d] = (gradient[d] as number) + fdx;
  gradient[d + 1] = (gradient[d + 1] as number) + fdy;
  gradient[d + 2] = (gradient[d + 2] as number) + fdz;
  return energy;
}
