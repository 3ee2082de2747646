import type { Bridge, Fragment } from './fragment-tree.ts';
import type { Random } from './random.ts';
import type { TorsionTerm } from './torsion-preferences.ts';
import type { Topology } from './topology.ts';
import { vectorLength3 } from '../vector-length.ts';
import { copyPoint } from '../geometry-types.ts';

/** Turns tried about a bond: every 15°. */
const STEPS = 24;
const STEP_ANGLE = (2 * Math.PI) / STEPS;
/** The cosine and sine of each turn, computed once instead of at every bridge of every assembly. */
const STEP_COS = Float64Array.from({ length: STEPS }, (_, k) => Math.cos(k * STEP_ANGLE));
const STEP_SIN = Float64Array.from({ length: STEPS }, (_, k) => Math.sin(k * STEP_ANGLE));
/**
 * Minima are drawn with Boltzmann weights at this energy (the force field's units, in which a staggered
 * bond's barrier is 2.4): a clearly higher minimum is still drawn now and then, as conformer ensembles have it.
 */
const KT = 0.3;
/** A double bond no stereo descriptor holds still lies flat. */
const UNSPECIFIED_DOUBLE: Omit<TorsionTerm, 'a' | 'b' | 'c' | 'd'> = { k: 4, n: 2, phase: Math.PI };

/**
 * Places fragments one after another across their bridges. Each fragment's own coordinates are moved so
 * that the bridge's far atom lands where the fragments placed before put it and its near atom lies along
 * the bond; then the fragment is turned about the bond (every 15°, the chosen step refined by a parabola)
 * to a minimum of what the turn changes in the polish's force field, drawn with Boltzmann weights (`attach`).
 */
export class TorsionAssembly {
  private readonly steps: BridgeStep[];
  /** Offsets of the moving atoms, split along and across the bond axis, for one bridge at a time. */
  private readonly along: Float64Array;
  private readonly across: Float64Array;
  private readonly energies = new Float64Array(STEPS);
  /** The turns at a local minimum of the energy and their Boltzmann weights (the first entries used). */
  private readonly minima = new Int32Array(STEPS);
  private readonly weights = new Float64Array(STEPS);
  /** Each term's dihedral before the turn, and whether the turn adds to it or takes from it. */
  private termStart = new Float64Array(0);
  private termSense = new Float64Array(0);
  private readonly axis = new Float64Array(3);
  /** The bond's direction in the fragment's own coordinates, and the rotation taking it onto the axis. */
  private readonly direction = new Float64Array(3);
  private readonly rotation = new Float64Array(9);
  /** The pairs of the bridge being placed that some turn brings within contact, as `withinReach` writes them. */
  private near = new Float64Array(0);

  constructor(topology: Topology, fieldTable: Float64Array, fragments: readonly Fragment[], root: number, bridges: readonly Bridge[], torsions: readonly TorsionTerm[]) {
    const n = topology.size;
    this.along = new Float64Array(3 * n);
    this.across = new Float64Array(3 * n);
    // Contact distance and weight of the force field's repulsion for every pair it repels (0 elsewhere).
    const contact = new Float64Array(n * n);
    const contactK = new Float64Array(n * n);
    const pairs = fieldTable[0]!;
    for (let q = 0, at = 4; q < pairs; q++, at += 6) {
      if (fieldTable[at + 5] !== 1) continue;
      const i = fieldTable[at]! / 3, j = fieldTable[at + 1]! / 3;
      contact[i * n + j] = contact[j * n + i] = fieldTable[at + 2]!;
      contactK[i * n + j] = contactK[j * n + i] = fieldTable[at + 4]!;
    }
    // Bridges are placed in a fixed order, so which atoms stand before each one is known now.
    const placed = new Uint8Array(n);
    for (const atom of fragments[root]!.atoms) placed[atom] = 1;
    this.steps = bridges.map((bridge) => {
      const fragment = fragments[bridge.to]!;
      const moving = fragment.atoms.filter((atom) => atom !== bridge.near && atom !== bridge.far);
      const repelled: number[] = [];
      for (const i of moving) {
        for (let j = 0; j < n; j++) {
          const low = contact[i * n + j]!;
          if (low > 0 && placed[j] === 1) repelled.push(i, j, low, contactK[i * n + j]!);
        }
      }
      for (const atom of moving) placed[atom] = 1;
      return {
        near: bridge.near,
        far: bridge.far,
        moving: Int32Array.from(moving),
        local: Int32Array.from(moving, (atom) => fragment.atoms.indexOf(atom)),
        nearLocal: fragment.atoms.indexOf(bridge.near),
        farLocal: fragment.atoms.indexOf(bridge.far),
        terms: termsAcross(topology, bridge, torsions),
        repelled: Float64Array.from(repelled),
      };
    });
  }

  /** Writes the root fragment's coordinates into `x` (skeleton coordinates). */
  start(x: Float64Array, root: Fragment, coordinates: Float64Array): void {
    const atoms = root.atoms;
    for (let i = 0; i < atoms.length; i++) copyPoint(coordinates, i, x, atoms[i]!);
  }

  /**
   * Places the `index`th bridge's far fragment, given its own coordinates (in `fragment.atoms` order), at a
   * turn about the bond drawn among the minima of what the turn changes in the polish's force field: the
   * bond's torsion terms and the repulsion between the fragment and the atoms placed before it.
   */
  attach(x: Float64Array, index: number, coordinates: Float64Array, random: Random): void {
    const step = this.steps[index]!;
    const { moving, local, far } = step;
    const lf = 3 * step.farLocal;
    const ln = 3 * step.nearLocal;
    const near = 3 * step.near;
    const v = this.axis;
    unitInto(v, x[near]! - x[3 * far]!, x[near + 1]! - x[3 * far + 1]!, x[near + 2]! - x[3 * far + 2]!);
    const u = this.direction;
    unitInto(u, coordinates[ln]! - coordinates[lf]!, coordinates[ln + 1]! - coordinates[lf + 1]!, coordinates[ln + 2]! - coordinates[lf + 2]!);
    const r = this.rotation;
    rotationOnto(u, v, r);
    for (let m = 0; m < moving.length; m++) {
      const l = 3 * local[m]!;
      const dx = coordinates[l]! - coordinates[lf]!, dy = coordinates[l + 1]! - coordinates[lf + 1]!, dz = coordinates[l + 2]! - coordinates[lf + 2]!;
      const rx = r[0]! * dx + r[1]! * dy + r[2]! * dz;
      const ry = r[3]! * dx + r[4]! * dy + r[5]! * dz;
      const rz = r[6]! * dx + r[7]! * dy + r[8]! * dz;
      const t = rx * v[0]! + ry * v[1]! + rz * v[2]!;
      const a = 3 * moving[m]!;
      this.along[a] = t * v[0]!;
      this.along[a + 1] = t * v[1]!;
      this.along[a + 2] = t * v[2]!;
      this.across[a] = rx - t * v[0]!;
      this.across[a + 1] = ry - t * v[1]!;
      this.across[a + 2] = rz - t * v[2]!;
    }
    // Turning the far side by ψ turns each dihedral across the bond by ±ψ: its terms need no coordinates.
    const terms = step.terms;
    if (this.termStart.length < terms.length) {
      this.termStart = new Float64Array(terms.length);
      this.termSense = new Float64Array(terms.length);
    }
    const start = this.termStart;
    const sense = this.termSense;
    this.turn(x, far, moving, 0);
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t]!;
      start[t] = dihedral(x, term.a, term.b, term.c, term.d) ?? NaN;
    }
    this.turn(x, far, moving, STEP_ANGLE);
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t]!;
      const turned = (dihedral(x, term.a, term.b, term.c, term.d) ?? NaN) - start[t]!;
      sense[t] = Math.sin(turned) >= 0 ? 1 : -1;
    }
    const reach = this.withinReach(x, far, step);
    const pairs = this.near;
    const energies = this.energies;
    energies.fill(0);
    for (let t = 0; t < terms.length; t++) {
      // A term whose dihedral is undefined (three atoms in line) adds nothing, as in the force field.
      if (!Number.isNaN(start[t]!)) addTermAtSteps(energies, terms[t]!, start[t]!, sense[t]!);
    }
    let lowest = Infinity;
    for (let k = 0; k < STEPS; k++) {
      let energy = energies[k]!;
      const c = STEP_COS[k]!, s = STEP_SIN[k]!;
      for (let p = 0; p < reach; p += 5) {
        const d2 = pairs[p]! - pairs[p + 1]! * c - pairs[p + 2]! * s;
        const low = pairs[p + 3]!;
        if (d2 < low * low) energy += pairs[p + 4]! * (low - Math.sqrt(Math.max(0, d2))) ** 2;
      }
      energies[k] = energy;
      lowest = Math.min(lowest, energy);
    }
    const minima = this.minima;
    const weights = this.weights;
    let count = 0;
    for (let k = 0; k < STEPS; k++) {
      const e = energies[k]!;
      if (e > energies[(k + STEPS - 1) % STEPS]! || e > energies[(k + 1) % STEPS]!) continue;
      minima[count] = k;
      weights[count++] = Math.exp(-(e - lowest) / KT);
    }
    const chosen = count > 0 ? minima[draw(weights, count, random)]! : 0;
    // A parabola through the chosen step and its neighbours puts the turn nearer the true minimum.
    const e0 = energies[(chosen + STEPS - 1) % STEPS]!, e1 = energies[chosen]!, e2 = energies[(chosen + 1) % STEPS]!;
    const curvature = e0 - 2 * e1 + e2;
    const shift = curvature > 1e-12 ? Math.max(-0.5, Math.min(0.5, (e0 - e2) / (2 * curvature))) : 0;
    this.turn(x, far, moving, (chosen + shift) * STEP_ANGLE);
  }

  /**
   * Writes into `near`, for each pair of `step.repelled` that some turn can bring within contact, the
   * squared distance as a function of the turn ψ, d²(ψ) = c0 − cc·cos ψ − cs·sin ψ, with the pair's contact
   * distance and weight; returns the slots used. A moving atom runs on a circle about the bond axis, so a
   * pair's least distance is c0 − √(cc² + cs²); the pairs left out add nothing at any turn (with a margin
   * over rounding), and the sum of the others is the one over all pairs.
   */
  private withinReach(x: Float64Array, far: number, step: BridgeStep): number {
    const repelled = step.repelled;
    const slots = (repelled.length / 4) * 5;
    if (this.near.length < slots) this.near = new Float64Array(slots);
    const v = this.axis;
    const ox = x[3 * far]!, oy = x[3 * far + 1]!, oz = x[3 * far + 2]!;
    let kept = 0;
    for (let p = 0; p < repelled.length; p += 4) {
      const i = 3 * repelled[p]!, j = 3 * repelled[p + 1]!, low = repelled[p + 2]!;
      // The moving atom at turn ψ: along + cos ψ·w + sin ψ·(v × w), w across the axis; the placed one at q.
      const ax = this.along[i]!, ay = this.along[i + 1]!, az = this.along[i + 2]!;
      const wx = this.across[i]!, wy = this.across[i + 1]!, wz = this.across[i + 2]!;
      const qx = x[j]! - ox, qy = x[j + 1]! - oy, qz = x[j + 2]! - oz;
      const c0 = ax * ax + ay * ay + az * az + wx * wx + wy * wy + wz * wz + qx * qx + qy * qy + qz * qz - 2 * (ax * qx + ay * qy + az * qz);
      const cc = 2 * (wx * qx + wy * qy + wz * qz);
      const cs = 2 * ((v[1]! * wz - v[2]! * wy) * qx + (v[2]! * wx - v[0]! * wz) * qy + (v[0]! * wy - v[1]! * wx) * qz);
      // A plain square root, several times faster than Math.hypot in V8; the margin covers its rounding.
      if (c0 - Math.sqrt(cc * cc + cs * cs) >= low * low * (1 + 1e-6) + 1e-9) continue;
      this.near[kept] = c0;
      this.near[kept + 1] = cc;
      this.near[kept + 2] = cs;
      this.near[kept + 3] = low;
      this.near[kept + 4] = repelled[p + 3]!;
      kept += 5;
    }
    return kept;
  }

  /** Moving atoms turned by `angle` about the bond axis through the far atom. */
  private turn(x: Float64Array, far: number, moving: Int32Array, angle: number): void {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const v = this.axis;
    const ox = x[3 * far]!, oy = x[3 * far + 1]!, oz = x[3 * far + 2]!;
    for (let m = 0; m < moving.length; m++) {
      const a = 3 * moving[m]!;
      const wx = this.across[a]!, wy = this.across[a + 1]!, wz = this.across[a + 2]!;
      const cx = v[1]! * wz - v[2]! * wy, cy = v[2]! * wx - v[0]! * wz, cz = v[0]! * wy - v[1]! * wx;
      x[a] = ox + this.along[a]! + c * wx + s * cx;
      x[a + 1] = oy + this.along[a + 1]! + c * wy + s * cy;
      x[a + 2] = oz + this.along[a + 2]! + c * wz + s * cz;
    }
  }
}

interface BridgeStep {
  near: number;
  far: number;
  /** The fragment's atoms the bridge moves, and where each is in the fragment's own coordinates. */
  moving: Int32Array;
  local: Int32Array;
  nearLocal: number;
  farLocal: number;
  terms: TorsionTerm[];
  /** Moving atom, placed atom, contact distance and weight, for each pair the force field repels. */
  repelled: Float64Array;
}

/**
 * Adds a torsion term's energy at every turn ψ = k·STEP_ANGLE of its dihedral θ0 (by ±ψ, `sense`):
 * k(1 + cos(n(θ0 ± ψ) − phase)) = k + k·cos(nθ0 − phase)·cos nψ ∓ k·sin(nθ0 − phase)·sin nψ, and for a
 * whole multiplicity n the angle nψ is itself a step, so two trigonometric calls serve all the turns.
 */
function addTermAtSteps(energies: Float64Array, term: TorsionTerm, start: number, sense: number): void {
  const { k, n } = term;
  if (!Number.isInteger(n) || n < 1) {
    for (let step = 0; step < STEPS; step++) energies[step]! += k * (1 + Math.cos(n * (start + sense * step * STEP_ANGLE) - term.phase));
    return;
  }
  const a = k * Math.cos(n * start - term.phase);
  const b = sense * k * Math.sin(n * start - term.phase);
  for (let step = 0; step < STEPS; step++) {
    const at = (n * step) % STEPS;
    energies[step]! += k + a * STEP_COS[at]! - b * STEP_SIN[at]!;
  }
}

/** An index below `count` drawn with probability in proportion to its weight. */
function draw(weights: Float64Array, count: number, random: Random): number {
  let total = 0;
  for (let k = 0; k < count; k++) total += weights[k]!;
  let r = random() * total;
  for (let k = 0; k < count; k++) {
    r -= weights[k]!;
    if (r < 0) return k;
  }
  return count - 1;
}

/** The torsion terms on a bridge's bond; a double bond without any gets a flat term of its own. */
function termsAcross(topology: Topology, { near, far }: Bridge, torsions: readonly TorsionTerm[]): TorsionTerm[] {
  const terms = torsions.filter((t) => (t.b === near && t.c === far) || (t.b === far && t.c === near));
  if (terms.length > 0) return terms;
  const bond = topology.bonds.find((b) => (b.a === near && b.b === far) || (b.a === far && b.b === near));
  const a = (topology.neighbours[near] ?? []).find((atom) => atom !== far);
  const d = (topology.neighbours[far] ?? []).find((atom) => atom !== near);
  if (bond?.order === 2 && a !== undefined && d !== undefined) return [{ a, b: near, c: far, d, ...UNSPECIFIED_DOUBLE }];
  return [];
}

/** The dihedral a-b-c-d in radians (0 = cis), undefined when three of the atoms are in line. */
export function dihedral(x: Float64Array, a: number, b: number, c: number, d: number): number | undefined {
  const fx = x[3 * a]! - x[3 * b]!, fy = x[3 * a + 1]! - x[3 * b + 1]!, fz = x[3 * a + 2]! - x[3 * b + 2]!;
  const gx = x[3 * b]! - x[3 * c]!, gy = x[3 * b + 1]! - x[3 * c + 1]!, gz = x[3 * b + 2]! - x[3 * c + 2]!;
  const hx = x[3 * d]! - x[3 * c]!, hy = x[3 * d + 1]! - x[3 * c + 1]!, hz = x[3 * d + 2]! - x[3 * c + 2]!;
  const ax = fy * gz - fz * gy, ay = fz * gx - fx * gz, az = fx * gy - fy * gx;
  const bx = hy * gz - hz * gy, by = hz * gx - hx * gz, bz = hx * gy - hy * gx;
  const a2 = ax * ax + ay * ay + az * az;
  const b2 = bx * bx + by * by + bz * bz;
  const gLength = Math.sqrt(gx * gx + gy * gy + gz * gz);
  if (a2 < 1e-10 || b2 < 1e-10 || gLength < 1e-6) return undefined;
  const cx = by * az - bz * ay, cy = bz * ax - bx * az, cz = bx * ay - by * ax;
  return Math.atan2((cx * gx + cy * gy + cz * gz) / gLength, ax * bx + ay * by + az * bz);
}

function unitInto(out: Float64Array, x: number, y: number, z: number): void {
  const length = vectorLength3(x, y, z) || 1;
  out[0] = x / length;
  out[1] = y / length;
  out[2] = z / length;
}

/** The rotation (row-major 3 × 3) taking unit vector u onto unit vector v, written into `r`. */
function rotationOnto(u: Float64Array, v: Float64Array, r: Float64Array): void {
  const c = u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
  let ax = u[1]! * v[2]! - u[2]! * v[1]!, ay = u[2]! * v[0]! - u[0]! * v[2]!, az = u[0]! * v[1]! - u[1]! * v[0]!;
  let s = vectorLength3(ax, ay, az);
  if (s < 1e-9) {
    if (c > 0) {
      r.set(IDENTITY);
      return;
    }
    // Opposite vectors: half a turn about any axis across them (u × x̂, or u × ŷ when u lies near x̂).
    if (Math.abs(u[0]!) < 0.9) [ax, ay, az] = [0, u[2]!, -u[1]!];
    else [ax, ay, az] = [-u[2]!, 0, u[0]!];
    s = 0;
  }
  const length = vectorLength3(ax, ay, az);
  const kx = ax / length, ky = ay / length, kz = az / length;
  const t = 1 - c;
  r[0] = t * kx * kx + c;
  r[1] = t * kx * ky - s * kz;
  r[2] = t * kx * kz + s * ky;
  r[3] = t * kx * ky + s * kz;
  r[4] = t * ky * ky + c;
  r[5] = t * ky * kz - s * kx;
  r[6] = t * kx * kz - s * ky;
  r[7] = t * ky * kz + s * kx;
  r[8] = t * kz * kz + c;
}

const IDENTITY = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
