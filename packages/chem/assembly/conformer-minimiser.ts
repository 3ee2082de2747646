// AssemblyScript source of the conformer minimiser: the L-BFGS of packages/chem/src/conformers/lbfgs.ts
// over the distance-geometry error of distance-geometry-error.ts (embedding) and the refinement force
// field of refinement-force-field.ts (polish), operation for operation, so a conformer
// comes out bit for bit as the JavaScript computed it (conformer-kernel.test.ts compares them). So no
// reordered sums, and SIMD only where each element is computed alone (the minimiser's element-wise passes):
// the gain is running the whole minimisation without leaving WebAssembly. The transcendental functions and
// the clock are imported from JavaScript, whose results the kernel must reproduce. Build: `npm run build:wasm:conformers -w @molsearch/chem`.
//
// Memory is managed by the caller and passed as byte offsets:
//   field  f64 slots: counts (pairs, planes, torsions, volumes), then the terms, each atom as the offset
//          3 * atom of its x: pairs (i, j, low, high, k, repulsive), planes (centre, a, b, d),
//          torsions (a, b, c, d, k, n, phase), volumes (centre, n0, n1, n2, low, high)
//   error  f64 slots: counts (pairs, volumes), the dimension, then the terms, each atom as the offset
//          dim * atom of its first coordinate: pairs (i, j, lower², upper²), volumes (centre, n0, n1, n2, low, high)
//   x      f64[size]  coordinates, x, y, z (and the fourth when embedding in 4D) per atom
//   work   f64[WORK_VECTORS * size + 2 * HISTORY]  the minimiser's vectors and scalars, then the pair list:
//          f64[size] where the atoms stood when it was made, and i32[pairs] the pairs it holds

// Math.cos, Math.sin, Math.atan2 and performance.now(), imported as conformer-minimiser.<name>
// (AssemblyScript names imports after their file).
declare function cos(x: f64): f64;
declare function sin(x: f64): f64;
declare function atan2(y: f64, x: f64): f64;
declare function now(): f64;

const PAIR = 6;
const PLANE = 4;
const TORSION = 7;
const VOLUME = 6;
const HEADER = 4;
const ERROR_PAIR = 4;
const ERROR_HEADER = 3;
const PLANE_K: f64 = 20;
const VOLUME_WEIGHT: f64 = 10;

const HISTORY = 5;
// Work vectors: gradient, trial gradient, trial point, direction, then HISTORY steps and HISTORY gradient changes.
export const WORK_VECTORS: i32 = 4 + 2 * HISTORY;

function get(base: usize, index: i32): f64 {
  return load<f64>(base + ((<usize>index) << 3));
}
function put(base: usize, index: i32, value: f64): void {
  store<f64>(base + ((<usize>index) << 3), value);
}
function plus(base: usize, index: i32, value: f64): void {
  put(base, index, get(base, index) + value);
}
function atomAt(record: usize, field: i32): i32 {
  return <i32>get(record, field);
}

/** signed-volume.ts: V = (a − c) · ((b − c) × (d − c)). */
function signedVolume(x: usize, a: i32, b: i32, c: i32, d: i32): f64 {
  const ax = get(x, a) - get(x, c), ay = get(x, a + 1) - get(x, c + 1), az = get(x, a + 2) - get(x, c + 2);
  const bx = get(x, b) - get(x, c), by = get(x, b + 1) - get(x, c + 1), bz = get(x, b + 2) - get(x, c + 2);
  const dx = get(x, d) - get(x, c), dy = get(x, d + 1) - get(x, c + 1), dz = get(x, d + 2) - get(x, c + 2);
  return ax * (by * dz - bz * dy) + ay * (bz * dx - bx * dz) + az * (bx * dy - by * dx);
}

/** signed-volume.ts: adds f · ∇V to g. */
function addSignedVolumeGradient(x: usize, g: usize, a: i32, b: i32, c: i32, d: i32, f: f64): void {
  const ax = get(x, a) - get(x, c), ay = get(x, a + 1) - get(x, c + 1), az = get(x, a + 2) - get(x, c + 2);
  const bx = get(x, b) - get(x, c), by = get(x, b + 1) - get(x, c + 1), bz = get(x, b + 2) - get(x, c + 2);
  const dx = get(x, d) - get(x, c), dy = get(x, d + 1) - get(x, c + 1), dz = get(x, d + 2) - get(x, c + 2);
  const gax = by * dz - bz * dy, gay = bz * dx - bx * dz, gaz = bx * dy - by * dx;
  const gbx = dy * az - dz * ay, gby = dz * ax - dx * az, gbz = dx * ay - dy * ax;
  const gdx = ay * bz - az * by, gdy = az * bx - ax * bz, gdz = ax * by - ay * bx;
  plus(g, a, f * gax);
  plus(g, a + 1, f * gay);
  plus(g, a + 2, f * gaz);
  plus(g, b, f * gbx);
  plus(g, b + 1, f * gby);
  plus(g, b + 2, f * gbz);
  plus(g, d, f * gdx);
  plus(g, d + 1, f * gdy);
  plus(g, d + 2, f * gdz);
  put(g, c, get(g, c) - f * (gax + gbx + gdx));
  put(g, c + 1, get(g, c + 1) - f * (gay + gby + gdy));
  put(g, c + 2, get(g, c + 2) - f * (gaz + gbz + gdz));
}

/** cos(n φ - phase) and sin(n φ - phase), written by `multipleAngle`. */
let angleCos: f64 = 0;
let angleSin: f64 = 0;
const MAX_RECURRENCE = 6;

/** refinement-force-field.ts `multipleAngle`: the multiple-angle recurrence for phases 0 and π, else the trigonometric functions. */
function multipleAngle(sine: f64, cosine: f64, n: f64, phase: f64): void {
  const turns = <i32>n;
  if (<f64>turns == n && turns >= 1 && turns <= MAX_RECURRENCE && (phase == 0 || phase == Math.PI)) {
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
    const sign: f64 = phase == 0 ? 1 : -1;
    angleCos = sign * cn;
    angleSin = sign * sn;
    return;
  }
  const phi = atan2(sine, cosine);
  angleCos = cos(n * phi - phase);
  angleSin = sin(n * phi - phase);
}

// What torsionEnergy derives from the central bond b-c and from the first atom a, kept for the next term: the
// terms of a bond come one after another, those of one first atom together (torsion-preferences.ts), and a
// value computed once is the value computed again, so the sums come out the same to the last bit. fieldEnergy
// forgets them before each evaluation (the coordinates changed).
let bondB: i32 = -1;
let bondC: i32 = -1;
let firstA: i32 = -1;
let bondGx: f64 = 0, bondGy: f64 = 0, bondGz: f64 = 0, bondLength: f64 = 0;
let firstAx: f64 = 0, firstAy: f64 = 0, firstAz: f64 = 0, firstA2: f64 = 0, firstFg: f64 = 0;

/** refinement-force-field.ts `torsionEnergy`. */
function torsionEnergy(record: usize, x: usize, g: usize): f64 {
  const a = atomAt(record, 0), b = atomAt(record, 1), c = atomAt(record, 2), d = atomAt(record, 3);
  const k = get(record, 4), n = get(record, 5), phase = get(record, 6);
  if (b != bondB || c != bondC) {
    bondGx = get(x, b) - get(x, c);
    bondGy = get(x, b + 1) - get(x, c + 1);
    bondGz = get(x, b + 2) - get(x, c + 2);
    bondLength = Math.sqrt(bondGx * bondGx + bondGy * bondGy + bondGz * bondGz);
    bondB = b;
    bondC = c;
    firstA = -1;
  }
  if (a != firstA) {
    const f1x = get(x, a) - get(x, b), f1y = get(x, a + 1) - get(x, b + 1), f1z = get(x, a + 2) - get(x, b + 2);
    firstAx = f1y * bondGz - f1z * bondGy;
    firstAy = f1z * bondGx - f1x * bondGz;
    firstAz = f1x * bondGy - f1y * bondGx;
    firstA2 = firstAx * firstAx + firstAy * firstAy + firstAz * firstAz;
    firstFg = f1x * bondGx + f1y * bondGy + f1z * bondGz;
    firstA = a;
  }
  const hx = get(x, d) - get(x, c), hy = get(x, d + 1) - get(x, c + 1), hz = get(x, d + 2) - get(x, c + 2);
  const bx = hy * bondGz - hz * bondGy, by = hz * bondGx - hx * bondGz, bz = hx * bondGy - hy * bondGx;
  const b2 = bx * bx + by * by + bz * bz;
  if (firstA2 < 1e-10 || b2 < 1e-10 || bondLength < 1e-6) return 0;
  const crossX = by * firstAz - bz * firstAy, crossY = bz * firstAx - bx * firstAz, crossZ = bx * firstAy - by * firstAx;
  const sine = (crossX * bondGx + crossY * bondGy + crossZ * bondGz) / bondLength;
  const cosine = firstAx * bx + firstAy * by + firstAz * bz;
  multipleAngle(sine, cosine, n, phase);
  const energy = k * (1 + angleCos);
  const dEdPhi = -k * n * angleSin;
  const hg = hx * bondGx + hy * bondGy + hz * bondGz;
  const sa = (-dEdPhi * bondLength) / firstA2;
  const sb = (dEdPhi * bondLength) / b2;
  const ta = (dEdPhi * firstFg) / (firstA2 * bondLength);
  const tb = (dEdPhi * hg) / (b2 * bondLength);
  const fax = sa * firstAx, fay = sa * firstAy, faz = sa * firstAz;
  const fdx = sb * bx, fdy = sb * by, fdz = sb * bz;
  const fbx = -fax + ta * firstAx - tb * bx, fby = -fay + ta * firstAy - tb * by, fbz = -faz + ta * firstAz - tb * bz;
  const fcx = -fdx - ta * firstAx + tb * bx, fcy = -fdy - ta * firstAy + tb * by, fcz = -fdz - ta * firstAz + tb * bz;
  plus(g, a, fax);
  plus(g, a + 1, fay);
  plus(g, a + 2, faz);
  plus(g, b, fbx);
  plus(g, b + 1, fby);
  plus(g, b + 2, fbz);
  plus(g, c, fcx);
  plus(g, c + 1, fcy);
  plus(g, c + 2, fcz);
  plus(g, d, fdx);
  plus(g, d + 1, fdy);
  plus(g, d + 2, fdz);
  return energy;
}

// The pair list of a minimisation. Most pairs contribute nothing most of the time: in a polish the repulsive
// ones (no upper bound) while farther apart than their lower bound, in an embedding those between their bounds;
// yet a full evaluation measures every one of them. The list holds every pair but those that were more than
// LIST_SKIN inside their bounds when it was made, and it is made again once any atom has moved LIST_SKIN / 2
// from where it stood then: until then no pair left out can reach a bound, so the pairs that contribute, and
// the order they are summed in, are those of the full loop, and the coordinates come out the same to the last bit.
const LIST_SKIN: f64 = 1;
// Half the skin less a margin far above rounding, squared: the largest move of an atom the list still covers.
const LIST_REACH2: f64 = (0.5 * LIST_SKIN - 1e-6) * (0.5 * LIST_SKIN - 1e-6);
let listing = false;
let listFresh = false;
let listCount = 0;
let listOrigin: usize = 0;
let pairList: usize = 0;

/** Whether the pair at `record` is at least LIST_SKIN inside its bounds at x (polish records, or embedding ones). */
function leftOut(record: usize, x: usize, dim: i32): bool {
  const i = atomAt(record, 0), j = atomAt(record, 1);
  let d2: f64 = 0;
  for (let k = 0; k < dim; k++) {
    const delta = get(x, i + k) - get(x, j + k);
    d2 += delta * delta;
  }
  if (!embedding) {
    const reach = get(record, 2) + LIST_SKIN;
    return get(record, 5) == 1 && d2 >= reach * reach;
  }
  const low = Math.sqrt(get(record, 2)) + LIST_SKIN, high = Math.sqrt(get(record, 3)) - LIST_SKIN;
  return low <= high && d2 >= low * low && d2 <= high * high;
}

/**
 * The number of pairs in the list for x (`dim` coordinates an atom, `slots` f64 a record), after making it
 * again if it is stale or an atom has moved out of its reach.
 */
function listedPairs(first: usize, pairs: i32, slots: i32, x: usize, size: i32, dim: i32): i32 {
  if (listFresh) {
    let near = true;
    for (let i = 0; i < size && near; i += dim) {
      let moved: f64 = 0;
      for (let k = 0; k < dim; k++) {
        const delta = get(x, i + k) - get(listOrigin, i + k);
        moved += delta * delta;
      }
      near = moved < LIST_REACH2;
    }
    if (near) return listCount;
  }
  memory.copy(listOrigin, x, (<usize>size) << 3);
  listCount = 0;
  let record = first;
  for (let q = 0; q < pairs; q++, record += (<usize>slots) << 3) {
    if (leftOut(record, x, dim)) continue;
    store<i32>(pairList + ((<usize>listCount) << 2), q);
    listCount++;
  }
  listFresh = true;
  return listCount;
}

/** The record of the p-th pair to evaluate: the p-th listed while a minimisation lists them, else the p-th. */
function pairRecord(first: usize, p: i32, slots: i32): usize {
  const q = listing ? load<i32>(pairList + ((<usize>p) << 2)) : p;
  return first + (<usize>q) * ((<usize>slots) << 3);
}

/** refinement-force-field.ts `evaluate`: the energy at x, its gradient written to g (through the pair list during a minimisation). */
function fieldEnergy(field: usize, x: usize, g: usize, size: i32): f64 {
  memory.fill(g, 0, (<usize>size) << 3);
  const pairs = <i32>get(field, 0), planes = <i32>get(field, 1), torsions = <i32>get(field, 2), volumes = <i32>get(field, 3);
  const first = field + (HEADER << 3);
  const listed = listing ? listedPairs(first, pairs, PAIR, x, size, 3) : pairs;
  let energy: f64 = 0;
  for (let p = 0; p < listed; p++) {
    const record = pairRecord(first, p, PAIR);
    const i = atomAt(record, 0), j = atomAt(record, 1);
    const dx = get(x, i) - get(x, j);
    const dy = get(x, i + 1) - get(x, j + 1);
    const dz = get(x, i + 2) - get(x, j + 2);
    const d2 = dx * dx + dy * dy + dz * dz;
    const low = get(record, 2);
    if (get(record, 5) == 1 && d2 >= low * low) continue;
    const d = Math.sqrt(d2) + 1e-12;
    const high = get(record, 3);
    let violation: f64 = 0;
    if (d < low) violation = d - low;
    else if (d > high) violation = d - high;
    else continue;
    const k = get(record, 4);
    energy += k * violation * violation;
    const f = (2 * k * violation) / d;
    plus(g, i, f * dx);
    plus(g, i + 1, f * dy);
    plus(g, i + 2, f * dz);
    put(g, j, get(g, j) - f * dx);
    put(g, j + 1, get(g, j + 1) - f * dy);
    put(g, j + 2, get(g, j + 2) - f * dz);
  }
  let record = first + (<usize>pairs) * (PAIR << 3);
  let plane: f64 = 0;
  for (let p = 0; p < planes; p++, record += PLANE << 3) {
    const c = atomAt(record, 0), a = atomAt(record, 1), b = atomAt(record, 2), d = atomAt(record, 3);
    const volume = signedVolume(x, a, b, c, d);
    plane += PLANE_K * volume * volume;
    addSignedVolumeGradient(x, g, a, b, c, d, 2 * PLANE_K * volume);
  }
  energy += plane;
  bondB = bondC = firstA = -1;
  for (let t = 0; t < torsions; t++, record += TORSION << 3) energy += torsionEnergy(record, x, g);
  energy += volumeEnergy(record, volumes, x, g, VOLUME_WEIGHT);
  return energy;
}

/** distance-geometry-error.ts `evaluate` with `fourthDimensionWeight` w: the error at x, its gradient written to g. */
function errorEnergy(error: usize, x: usize, g: usize, size: i32, w: f64): f64 {
  memory.fill(g, 0, (<usize>size) << 3);
  const pairs = <i32>get(error, 0), volumes = <i32>get(error, 1), dim = <i32>get(error, 2);
  const first = error + (ERROR_HEADER << 3);
  const listed = listing ? listedPairs(first, pairs, ERROR_PAIR, x, size, dim) : pairs;
  let energy: f64 = 0;
  for (let p = 0; p < listed; p++) {
    const record = pairRecord(first, p, ERROR_PAIR);
    const i = atomAt(record, 0), j = atomAt(record, 1);
    let d2: f64 = 0;
    for (let k = 0; k < dim; k++) {
      const delta = get(x, i + k) - get(x, j + k);
      d2 += delta * delta;
    }
    const u2 = get(record, 3);
    const l2 = get(record, 2);
    let slope: f64 = 0;
    if (d2 > u2) {
      const t = d2 / u2 - 1;
      energy += t * t;
      slope = (2 * t) / u2;
    } else if (d2 < l2) {
      const s = l2 + d2;
      const t = (2 * l2) / s - 1;
      energy += t * t;
      slope = (-4 * t * l2) / (s * s);
    } else continue;
    for (let k = 0; k < dim; k++) {
      const gk = 2 * slope * (get(x, i + k) - get(x, j + k));
      plus(g, i + k, gk);
      put(g, j + k, get(g, j + k) - gk);
    }
  }
  energy += volumeEnergy(first + (<usize>pairs) * (ERROR_PAIR << 3), volumes, x, g, 1);
  if (w > 0 && dim == 4) {
    for (let i = 3; i < size; i += 4) {
      const v = get(x, i);
      energy += w * v * v;
      plus(g, i, 2 * w * v);
    }
  }
  return energy;
}

/** distance-geometry-error.ts `volumeEnergy`: flat-bottomed restraints of the signed volumes of `count` records. */
function volumeEnergy(record: usize, count: i32, x: usize, g: usize, weight: f64): f64 {
  let energy: f64 = 0;
  for (let v = 0; v < count; v++, record += VOLUME << 3) {
    const c = atomAt(record, 0), a = atomAt(record, 1), b = atomAt(record, 2), d = atomAt(record, 3);
    const low = get(record, 4), high = get(record, 5);
    const volume = signedVolume(x, a, b, c, d);
    let violation: f64 = 0;
    if (volume < low) violation = volume - low;
    else if (volume > high) violation = volume - high;
    else continue;
    energy += weight * violation * violation;
    addSignedVolumeGradient(x, g, a, b, c, d, 2 * weight * violation);
  }
  return energy;
}

/** Which objective `minimise` works on: the force field (polish) or the distance-geometry error (embed). */
let embedding = false;
let fourthWeight: f64 = 0;

function objective(table: usize, x: usize, g: usize, size: i32): f64 {
  return embedding ? errorEnergy(table, x, g, size, fourthWeight) : fieldEnergy(table, x, g, size);
}

/** The force field's energy at x (for tests), its gradient written to g. */
export function evaluate(field: usize, x: usize, g: usize, size: i32): f64 {
  return fieldEnergy(field, x, g, size);
}

/** The distance-geometry error at x (for tests) with fourth-dimension weight w, its gradient written to g. */
export function evaluateError(error: usize, x: usize, g: usize, size: i32, w: f64): f64 {
  return errorEnergy(error, x, g, size, w);
}

/** lbfgs.ts `minimise` of the force field from x, in place. Returns the final energy. */
export function polish(field: usize, x: usize, size: i32, work: usize, maxIterations: i32, tolerance: f64, deadline: f64): f64 {
  embedding = false;
  return listedMinimise(field, x, size, work, maxIterations, tolerance, deadline);
}

/** lbfgs.ts `minimise` of the distance-geometry error (fourth-dimension weight w) from x, in place. Returns the final error. */
export function embed(error: usize, x: usize, size: i32, work: usize, maxIterations: i32, tolerance: f64, deadline: f64, w: f64): f64 {
  embedding = true;
  fourthWeight = w;
  return listedMinimise(error, x, size, work, maxIterations, tolerance, deadline);
}

/** `minimise` through a pair list kept after the work vectors (the layout above). */
function listedMinimise(table: usize, x: usize, size: i32, work: usize, maxIterations: i32, tolerance: f64, deadline: f64): f64 {
  listOrigin = work + (((<usize>WORK_VECTORS) * (<usize>size) + 2 * HISTORY) << 3);
  pairList = listOrigin + ((<usize>size) << 3);
  listing = true;
  listFresh = false;
  const energy = minimise(table, x, size, work, maxIterations, tolerance, deadline);
  listing = false;
  return energy;
}

// The element-wise passes of the minimiser, two lanes at a time: each lane computes what the scalar loop of
// lbfgs.ts computes for its element (separate multiply and add, no fused multiply-add), so the results are the
// same to the last bit. Sums over the elements (dot products) stay scalar, in element order.

/** dst[i] = -src[i] * scale (a scale of 1 leaves -src[i] exactly). */
function negatedScaled(dst: usize, src: usize, scale: f64, size: i32): void {
  const lanes = f64x2.splat(scale);
  let i = 0;
  for (; i + 1 < size; i += 2) {
    const at = (<usize>i) << 3;
    v128.store(dst + at, f64x2.mul(f64x2.neg(v128.load(src + at)), lanes));
  }
  for (; i < size; i++) put(dst, i, -get(src, i) * scale);
}

/** dst[i] = dst[i] * scale. */
function scaled(dst: usize, scale: f64, size: i32): void {
  const lanes = f64x2.splat(scale);
  let i = 0;
  for (; i + 1 < size; i += 2) {
    const at = (<usize>i) << 3;
    v128.store(dst + at, f64x2.mul(v128.load(dst + at), lanes));
  }
  for (; i < size; i++) put(dst, i, get(dst, i) * scale);
}

/**
 * dst[i] = dst[i] + a * src[i]. lbfgs.ts's dst[i] - a * src[i] is this with -a: negating a negates the product
 * exactly, and adding a negated number is subtracting it, to the last bit.
 */
function addScaled(dst: usize, src: usize, a: f64, size: i32): void {
  const lanes = f64x2.splat(a);
  let i = 0;
  for (; i + 1 < size; i += 2) {
    const at = (<usize>i) << 3;
    v128.store(dst + at, f64x2.add(v128.load(dst + at), f64x2.mul(lanes, v128.load(src + at))));
  }
  for (; i < size; i++) put(dst, i, get(dst, i) + a * get(src, i));
}

/** dst[i] = base[i] + step * direction[i]. */
function stepped(dst: usize, base: usize, direction: usize, step: f64, size: i32): void {
  const lanes = f64x2.splat(step);
  let i = 0;
  for (; i + 1 < size; i += 2) {
    const at = (<usize>i) << 3;
    v128.store(dst + at, f64x2.add(v128.load(base + at), f64x2.mul(lanes, v128.load(direction + at))));
  }
  for (; i < size; i++) put(dst, i, get(base, i) + step * get(direction, i));
}

/**
 * lbfgs.ts `minimise` of the current objective from x, in place: stops at the gradient tolerance, the
 * iteration cap, the deadline (checked every eighth iteration) or when the energy stops falling.
 * Returns the final energy.
 */
function minimise(table: usize, x: usize, size: i32, work: usize, maxIterations: i32, tolerance: f64, deadline: f64): f64 {
  const bytes = (<usize>size) << 3;
  // The point and its gradient, and the trial ones, trade buffers after each accepted step rather than being
  // copied; the point is copied back into x at the end when it ends up in the other buffer.
  let point = x;
  let gradient = work;
  let trialGradient = gradient + bytes;
  let trial = trialGradient + bytes;
  const direction = trial + bytes;
  const steps = direction + bytes;
  const changes = steps + (<usize>HISTORY) * bytes;
  const rho = changes + (<usize>HISTORY) * bytes;
  const alpha = rho + (HISTORY << 3);
  let stored = 0;
  let newest = -1;
  let energy = objective(table, point, gradient, size);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    let largest: f64 = 0;
    for (let i = 0; i < size; i++) largest = Math.max(largest, Math.abs(get(gradient, i)));
    if (largest < tolerance) break;
    if ((iteration & 7) == 7 && now() > deadline) break;
    negatedScaled(direction, gradient, 1, size);
    for (let k = 0; k < stored; k++) {
      const m = (newest - k + HISTORY) % HISTORY;
      const sm = steps + <usize>m * bytes;
      let dot: f64 = 0;
      for (let i = 0; i < size; i++) dot += get(sm, i) * get(direction, i);
      const a = get(rho, m) * dot;
      put(alpha, m, a);
      addScaled(direction, changes + <usize>m * bytes, -a, size);
    }
    if (stored > 0) {
      const sm = steps + <usize>newest * bytes;
      const ym = changes + <usize>newest * bytes;
      let sy: f64 = 0;
      let yy: f64 = 0;
      for (let i = 0; i < size; i++) {
        sy += get(sm, i) * get(ym, i);
        yy += get(ym, i) * get(ym, i);
      }
      scaled(direction, sy / yy, size);
    } else {
      scaled(direction, 0.1 / largest, size);
    }
    for (let k = stored - 1; k >= 0; k--) {
      const m = (newest - k + HISTORY) % HISTORY;
      const ym = changes + <usize>m * bytes;
      let dot: f64 = 0;
      for (let i = 0; i < size; i++) dot += get(ym, i) * get(direction, i);
      const b = get(rho, m) * dot;
      addScaled(direction, steps + <usize>m * bytes, get(alpha, m) - b, size);
    }
    let slope: f64 = 0;
    for (let i = 0; i < size; i++) slope += get(gradient, i) * get(direction, i);
    if (slope >= 0) {
      stored = 0;
      const scale = 0.1 / largest;
      negatedScaled(direction, gradient, scale, size);
      slope = 0;
      for (let i = 0; i < size; i++) slope -= get(gradient, i) * get(gradient, i) * scale;
    }
    let step: f64 = 1;
    let trialEnergy: f64 = Infinity;
    for (let tries = 0; tries < 20; tries++) {
      stepped(trial, point, direction, step, size);
      trialEnergy = objective(table, trial, trialGradient, size);
      if (trialEnergy <= energy + 1e-4 * step * slope) break;
      step *= 0.3;
    }
    if (!(trialEnergy < energy)) break;
    newest = (newest + 1) % HISTORY;
    const sn = steps + <usize>newest * bytes;
    const yn = changes + <usize>newest * bytes;
    let sy: f64 = 0;
    for (let i = 0; i < size; i++) {
      put(sn, i, get(trial, i) - get(point, i));
      put(yn, i, get(trialGradient, i) - get(gradient, i));
      sy += get(sn, i) * get(yn, i);
    }
    if (sy > 1e-12) {
      put(rho, newest, 1 / sy);
      stored = min(stored + 1, HISTORY);
    } else {
      stored = 0;
    }
    const improvement = energy - trialEnergy;
    const previous = point;
    point = trial;
    trial = previous;
    const previousGradient = gradient;
    gradient = trialGradient;
    trialGradient = previousGradient;
    energy = trialEnergy;
    if (improvement < 1e-9 * Math.max(1, Math.abs(energy))) break;
  }
  if (point != x) memory.copy(x, point, bytes);
  return energy;
}
