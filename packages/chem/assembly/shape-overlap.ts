// AssemblyScript source of the WebAssembly SIMD Gaussian-overlap kernel used by the shape alignment
// (packages/chem/src/shape/wasm-alignment.ts and simd-overlap.ts). Build: `npm run build:wasm -w @molsearch/chem`.
//
// Four candidate atoms per 128-bit lane group, in float32: the alignment search only needs the
// overlap's shape, and the final score is recomputed in float64 by the JavaScript kernel.
// Memory is managed by the caller and passed as byte offsets (layout at `align` below).

const CUTOFF: f32 = 10;
const LOG2E: f32 = 1.4426950408889634;
const LN2: f32 = 0.6931471805599453;

// exp(−e) for e ≥ 0 as 2^−(n + f), n = round(e·log2 e), |f| ≤ 1/2, with a degree-5 polynomial for
// 2^−f (relative error below 3e-6); lanes past the cutoff are masked by the caller.
function expNegative4(e: v128): v128 {
  const y = f32x4.mul(e, f32x4.splat(LOG2E));
  const n = f32x4.nearest(y);
  const t = f32x4.mul(f32x4.sub(y, n), f32x4.splat(LN2));
  let p = f32x4.splat(-1.0 / 120.0);
  p = f32x4.add(f32x4.mul(p, t), f32x4.splat(1.0 / 24.0));
  p = f32x4.add(f32x4.mul(p, t), f32x4.splat(-1.0 / 6.0));
  p = f32x4.add(f32x4.mul(p, t), f32x4.splat(0.5));
  p = f32x4.add(f32x4.mul(p, t), f32x4.splat(-1.0));
  p = f32x4.add(f32x4.mul(p, t), f32x4.splat(1.0));
  const scale = i32x4.shl(i32x4.sub(i32x4.splat(127), i32x4.trunc_sat_f32x4_s(n)), 23);
  return f32x4.mul(p, scale);
}

function overlap(qx: usize, qy: usize, qz: usize, na: i32, bx: usize, by: usize, bz: usize, nb4: i32, k: usize, c: usize): f32 {
  let total = f32x4.splat(0);
  const cutoff = f32x4.splat(CUTOFF);
  for (let j = 0; j < nb4; j += 4) {
    const column = (<usize>j) << 2;
    const x = v128.load(bx + column);
    const y = v128.load(by + column);
    const z = v128.load(bz + column);
    for (let i = 0; i < na; i++) {
      const atom = (<usize>i) << 2;
      const dx = f32x4.sub(x, f32x4.splat(load<f32>(qx + atom)));
      const dy = f32x4.sub(y, f32x4.splat(load<f32>(qy + atom)));
      const dz = f32x4.sub(z, f32x4.splat(load<f32>(qz + atom)));
      const pair = (<usize>(i * nb4 + j)) << 2;
      const e = f32x4.mul(v128.load(c + pair), f32x4.add(f32x4.add(f32x4.mul(dx, dx), f32x4.mul(dy, dy)), f32x4.mul(dz, dz)));
      // Most atom pairs of two molecules lie beyond the cutoff: skip the exponential when all four do.
      const near = f32x4.lt(e, cutoff);
      if (!v128.any_true(near)) continue;
      const v = f32x4.mul(v128.load(k + pair), expNegative4(e));
      total = f32x4.add(total, v128.and(v, near));
    }
  }
  return f32x4.extract_lane(total, 0) + f32x4.extract_lane(total, 1) + f32x4.extract_lane(total, 2) + f32x4.extract_lane(total, 3);
}

// ---------------------------------------------------------------------------------------------
// The whole alignment search of one candidate in one call (`align`), so the re-scorer crosses into
// WebAssembly once per candidate instead of once per overlap evaluation. Same search as the
// JavaScript `bestAlignment`: the principal-axes starts of every conformer pair scored as they lie (or
// only the `gridStarts` of them whose volume grids overlap best), the best `screened` climbed
// `screeningIterations` BFGS steps, the best `optimized` of those climbed to convergence. Overlaps in
// float32 SIMD, the optimiser in float64.
//
// Memory (byte offsets, all 16-byte aligned), Kq query and Kc candidate conformers:
//   query     f32[Kq][3][na4]   centred x, y, z rows of each query conformer (padding unused)
//   qAxes     f64[Kq][9]        principal axes, row-major, columns = axes
//   qSelf     f64[Kq]           self-overlaps (float64, as reported)
//   cand      f32[Kc][3][nb4]   centred candidate conformers; padding atoms lie far away
//   cAxes     f64[Kc][9], cSelf f64[Kc]
//   k, c      f32[na][nb4]      pair constants (see `pairTable`)
//   moved     f32[3][nb4]       scratch: the candidate conformer at the current pose
//   starts    f64[4·Kq·Kc][START]  scratch: one record per start
//   work      f64[WORK]         scratch of the optimiser
//   out       f64[15]           tanimoto, query conformer, candidate conformer, rotation (9), translation (3)
//   frames    f32[4][na4], f32[4][nb4], f64[4]  scratch: both conformers of a pair in their principal
//                                     frames (x, y, z, |·|² rows) and the overlaps of its four starts
//   queryGrids u8[4·Kq][gridBytes], i32[4·Kq]  start grids of each query conformer under each flip, set bits
//   candidateGrids u8[Kc][gridBytes], i32[Kc]  the same of the candidate's conformers (no flip)
//   gridScratch f64[G], i32[G], u8[Kq·Kc]      scratch of chooseGridStarts; the grids are only read when
//                                     gridStarts G asks for a choice among the 4·Kq·Kc starts

// Start record fields (f64 slots).
const S_TANIMOTO = 0;
const S_QUERY = 1;
const S_CANDIDATE = 2;
const S_R0 = 3; // 9 slots: the principal-axes start rotation
const S_Q = 12; // 4 slots: quaternion applied after R0
const S_T = 16; // 3 slots: translation
const S_OVERLAP = 19;
export const START_SLOTS = 20;

// Optimiser scratch (f64 slots).
const W_H = 0; // 36: inverse Hessian
const W_G = 36; // 6: gradient at the current pose
const W_G2 = 42; // 6: gradient at the trial pose
const W_D = 48; // 6: direction
const W_S = 54; // 6: step
const W_Y = 60; // 6: gradient change
const W_HY = 66; // 6
const W_M = 72; // 9: rotation matrix of the pose
const W_SWAP = 81; // START_SLOTS: record swap space
export const WORK_SLOTS = 104;
/** Work slots `evaluatePose` reads the rotation from and writes the gradient to. */
export const WORK_ROTATION = W_M;
export const WORK_GRADIENT = W_G;

// The current query/candidate conformer pair and buffers, set by `align`.
let gQuery: usize = 0;
let gNa: i32 = 0;
let gNb4: i32 = 0;
let gK: usize = 0;
let gC: usize = 0;
let gMoved: usize = 0;
let gWork: usize = 0;
let gEvaluations: i32 = 0;

function useBuffers(na: i32, nb4: i32, k: usize, c: usize, moved: usize, work: usize): void {
  gNa = na;
  gNb4 = nb4;
  gK = k;
  gC = c;
  gMoved = moved;
  gWork = work;
}

function wget(slot: i32): f64 {
  return load<f64>(gWork + ((<usize>slot) << 3));
}
function wset(slot: i32, value: f64): void {
  store<f64>(gWork + ((<usize>slot) << 3), value);
}
function rget(record: usize, slot: i32): f64 {
  return load<f64>(record + ((<usize>slot) << 3));
}
function rset(record: usize, slot: i32, value: f64): void {
  store<f64>(record + ((<usize>slot) << 3), value);
}

/**
 * Pair constants from per-atom Gaussian exponents (Grant & Pickup, amplitude p = 2√2):
 * c = αiαj/(αi+αj), k = p²·(π/(αi+αj))^{3/2}; alphaB is padded to nb4 with any positive value.
 */
export function pairTable(alphaA: usize, na: i32, alphaB: usize, nb4: i32, k: usize, c: usize): void {
  const p2 = f32x4.splat(8);
  const pi = f32x4.splat(<f32>Math.PI);
  for (let i = 0; i < na; i++) {
    const ai = f32x4.splat(load<f32>(alphaA + ((<usize>i) << 2)));
    for (let j = 0; j < nb4; j += 4) {
      const aj = v128.load(alphaB + ((<usize>j) << 2));
      const sum = f32x4.add(ai, aj);
      const ratio = f32x4.div(pi, sum);
      const pair = (<usize>(i * nb4 + j)) << 2;
      v128.store(k + pair, f32x4.mul(p2, f32x4.mul(ratio, f32x4.sqrt(ratio))));
      v128.store(c + pair, f32x4.div(f32x4.mul(ai, aj), sum));
    }
  }
}

/** moved = M·x + t for the candidate conformer at `source` (rows x, y, z of nb4 floats). */
function moveCandidate(source: usize, tx: f64, ty: f64, tz: f64): void {
  const row = (<usize>gNb4) << 2;
  const m0 = f32x4.splat(<f32>wget(W_M)), m1 = f32x4.splat(<f32>wget(W_M + 1)), m2 = f32x4.splat(<f32>wget(W_M + 2));
  const m3 = f32x4.splat(<f32>wget(W_M + 3)), m4 = f32x4.splat(<f32>wget(W_M + 4)), m5 = f32x4.splat(<f32>wget(W_M + 5));
  const m6 = f32x4.splat(<f32>wget(W_M + 6)), m7 = f32x4.splat(<f32>wget(W_M + 7)), m8 = f32x4.splat(<f32>wget(W_M + 8));
  const vx = f32x4.splat(<f32>tx), vy = f32x4.splat(<f32>ty), vz = f32x4.splat(<f32>tz);
  for (let j = 0; j < gNb4; j += 4) {
    const column = (<usize>j) << 2;
    const x = v128.load(source + column);
    const y = v128.load(source + row + column);
    const z = v128.load(source + 2 * row + column);
    v128.store(gMoved + column, f32x4.add(f32x4.add(f32x4.add(f32x4.mul(m0, x), f32x4.mul(m1, y)), f32x4.mul(m2, z)), vx));
    v128.store(gMoved + row + column, f32x4.add(f32x4.add(f32x4.add(f32x4.mul(m3, x), f32x4.mul(m4, y)), f32x4.mul(m5, z)), vy));
    v128.store(gMoved + 2 * row + column, f32x4.add(f32x4.add(f32x4.add(f32x4.mul(m6, x), f32x4.mul(m7, y)), f32x4.mul(m8, z)), vz));
  }
}

/** Overlap of the query conformer with `moved`. */
function movedOverlap(): f64 {
  gEvaluations++;
  const na4 = (gNa + 3) & ~3;
  const queryRow = (<usize>na4) << 2;
  const row = (<usize>gNb4) << 2;
  return overlap(gQuery, gQuery + queryRow, gQuery + 2 * queryRow, gNa, gMoved, gMoved + row, gMoved + 2 * row, gNb4, gK, gC);
}

/**
 * Overlap of the query conformer with `moved` and its gradient with respect to a small rotation
 * vector (torque Σ u_j × ∂V/∂x'_j, u_j = x'_j − t) and the translation, into work slots `grad`.
 */
function movedOverlapGradient(tx: f64, ty: f64, tz: f64, grad: i32): f64 {
  gEvaluations++;
  const na4 = (gNa + 3) & ~3;
  const queryRow = (<usize>na4) << 2;
  const row = (<usize>gNb4) << 2;
  const qy = gQuery + queryRow;
  const qz = gQuery + 2 * queryRow;
  let total = f32x4.splat(0);
  let fx = f32x4.splat(0), fy = f32x4.splat(0), fz = f32x4.splat(0);
  let mx = f32x4.splat(0), my = f32x4.splat(0), mz = f32x4.splat(0);
  const cutoff = f32x4.splat(CUTOFF);
  const minusTwo = f32x4.splat(-2);
  const vx = f32x4.splat(<f32>tx), vy = f32x4.splat(<f32>ty), vz = f32x4.splat(<f32>tz);
  for (let j = 0; j < gNb4; j += 4) {
    const column = (<usize>j) << 2;
    const x = v128.load(gMoved + column);
    const y = v128.load(gMoved + row + column);
    const z = v128.load(gMoved + 2 * row + column);
    let sx = f32x4.splat(0), sy = f32x4.splat(0), sz = f32x4.splat(0);
    for (let i = 0; i < gNa; i++) {
      const atom = (<usize>i) << 2;
      const dx = f32x4.sub(x, f32x4.splat(load<f32>(gQuery + atom)));
      const dy = f32x4.sub(y, f32x4.splat(load<f32>(qy + atom)));
      const dz = f32x4.sub(z, f32x4.splat(load<f32>(qz + atom)));
      const pair = (<usize>(i * gNb4 + j)) << 2;
      const cij = v128.load(gC + pair);
      const e = f32x4.mul(cij, f32x4.add(f32x4.add(f32x4.mul(dx, dx), f32x4.mul(dy, dy)), f32x4.mul(dz, dz)));
      const near = f32x4.lt(e, cutoff);
      if (!v128.any_true(near)) continue;
      const v = v128.and(f32x4.mul(v128.load(gK + pair), expNegative4(e)), near);
      total = f32x4.add(total, v);
      const f = f32x4.mul(f32x4.mul(minusTwo, cij), v);
      sx = f32x4.add(sx, f32x4.mul(f, dx));
      sy = f32x4.add(sy, f32x4.mul(f, dy));
      sz = f32x4.add(sz, f32x4.mul(f, dz));
    }
    const ux = f32x4.sub(x, vx), uy = f32x4.sub(y, vy), uz = f32x4.sub(z, vz);
    fx = f32x4.add(fx, sx);
    fy = f32x4.add(fy, sy);
    fz = f32x4.add(fz, sz);
    mx = f32x4.add(mx, f32x4.sub(f32x4.mul(uy, sz), f32x4.mul(uz, sy)));
    my = f32x4.add(my, f32x4.sub(f32x4.mul(uz, sx), f32x4.mul(ux, sz)));
    mz = f32x4.add(mz, f32x4.sub(f32x4.mul(ux, sy), f32x4.mul(uy, sx)));
  }
  wset(grad, sum4(mx));
  wset(grad + 1, sum4(my));
  wset(grad + 2, sum4(mz));
  wset(grad + 3, sum4(fx));
  wset(grad + 4, sum4(fy));
  wset(grad + 5, sum4(fz));
  return sum4(total);
}

function sum4(v: v128): f64 {
  return <f64>f32x4.extract_lane(v, 0) + <f64>f32x4.extract_lane(v, 1) + <f64>f32x4.extract_lane(v, 2) + <f64>f32x4.extract_lane(v, 3);
}

/** Work slots W_M = R(q)·R0, R0 the record's start rotation; q need not be normalised. */
function poseMatrix(record: usize, w: f64, x: f64, y: f64, z: f64): void {
  const s = 2 / (w * w + x * x + y * y + z * z);
  const a0 = 1 - s * (y * y + z * z), a1 = s * (x * y - w * z), a2 = s * (x * z + w * y);
  const a3 = s * (x * y + w * z), a4 = 1 - s * (x * x + z * z), a5 = s * (y * z - w * x);
  const a6 = s * (x * z - w * y), a7 = s * (y * z + w * x), a8 = 1 - s * (x * x + y * y);
  for (let col = 0; col < 3; col++) {
    const b0 = rget(record, S_R0 + col), b1 = rget(record, S_R0 + 3 + col), b2 = rget(record, S_R0 + 6 + col);
    wset(W_M + col, a0 * b0 + a1 * b1 + a2 * b2);
    wset(W_M + 3 + col, a3 * b0 + a4 * b1 + a5 * b2);
    wset(W_M + 6 + col, a6 * b0 + a7 * b1 + a8 * b2);
  }
}

/**
 * One overlap evaluation exactly as `align` does it, for the per-evaluation interface and its tests:
 * the candidate conformer at `cand` moved by the rotation in work slots WORK_ROTATION and (tx, ty,
 * tz); with `gradient`, the torque and force go to work slots WORK_GRADIENT.
 */
export function evaluatePose(
  query: usize, na: i32, cand: usize, nb4: i32, k: usize, c: usize, moved: usize, work: usize,
  tx: f64, ty: f64, tz: f64, gradient: bool,
): f64 {
  gQuery = query;
  useBuffers(na, nb4, k, c, moved, work);
  moveCandidate(cand, tx, ty, tz);
  return gradient ? movedOverlapGradient(tx, ty, tz, W_G) : movedOverlap();
}

function useRecord(record: usize, query: usize, qStride: usize, cand: usize, cStride: usize): usize {
  gQuery = query + (<usize>rget(record, S_QUERY)) * qStride;
  return cand + (<usize>rget(record, S_CANDIDATE)) * cStride;
}

function resetInverseHessian(scale: f64): void {
  for (let i = 0; i < 36; i++) wset(W_H + i, 0);
  for (let i = 0; i < 6; i++) wset(W_H + i * 7, scale);
}

function gradientNorm(): f64 {
  let sum: f64 = 0;
  for (let i = 0; i < 6; i++) sum += wget(W_G + i) * wget(W_G + i);
  return Math.sqrt(sum);
}

/** W_D = H·g; returns g·d. */
function direction(): f64 {
  let slope: f64 = 0;
  for (let i = 0; i < 6; i++) {
    let sum: f64 = 0;
    for (let j = 0; j < 6; j++) sum += wget(W_H + i * 6 + j) * wget(W_G + j);
    wset(W_D + i, sum);
    slope += sum * wget(W_G + i);
  }
  return slope;
}

/** BFGS update of the inverse Hessian with W_S, W_Y; the first update rescales it (Nocedal & Wright 6.20). */
function updateInverseHessian(first: bool): void {
  let sy: f64 = 0, yy: f64 = 0;
  for (let i = 0; i < 6; i++) {
    sy += wget(W_S + i) * wget(W_Y + i);
    yy += wget(W_Y + i) * wget(W_Y + i);
  }
  if (!(sy > 1e-12)) return;
  if (first) resetInverseHessian(sy / yy);
  let yhy: f64 = 0;
  for (let i = 0; i < 6; i++) {
    let sum: f64 = 0;
    for (let j = 0; j < 6; j++) sum += wget(W_H + i * 6 + j) * wget(W_Y + j);
    wset(W_HY + i, sum);
    yhy += wget(W_Y + i) * sum;
  }
  const rho = 1 / sy;
  for (let i = 0; i < 6; i++) {
    const si = wget(W_S + i), hyi = wget(W_HY + i);
    for (let j = 0; j < 6; j++) {
      const sj = wget(W_S + j), hyj = wget(W_HY + j);
      wset(W_H + i * 6 + j, wget(W_H + i * 6 + j) + rho * ((1 + rho * yhy) * si * sj - hyi * sj - si * hyj));
    }
  }
}

/**
 * Local maximisation of the overlap from the record's pose (BFGS, backtracking line search), as the
 * JavaScript `optimizePose`; the record gets the final pose, overlap and Tanimoto.
 */
function climb(record: usize, candidate: usize, maxIterations: i32, tolerance: f64, selfSum: f64): void {
  let qw = rget(record, S_Q), qx = rget(record, S_Q + 1), qy = rget(record, S_Q + 2), qz = rget(record, S_Q + 3);
  let tx = rget(record, S_T), ty = rget(record, S_T + 1), tz = rget(record, S_T + 2);
  poseMatrix(record, qw, qx, qy, qz);
  moveCandidate(candidate, tx, ty, tz);
  let value = movedOverlapGradient(tx, ty, tz, W_G);
  resetInverseHessian(0.1 / (gradientNorm() + 1e-12));
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    let slope = direction();
    if (!(slope > 0)) {
      resetInverseHessian(0.1 / (gradientNorm() + 1e-12));
      slope = direction();
      if (!(slope > 0)) break;
    }
    let step: f64 = 1;
    let accepted = false;
    let nw: f64 = qw, nx: f64 = qx, ny: f64 = qy, nz: f64 = qz;
    let ntx: f64 = tx, nty: f64 = ty, ntz: f64 = tz;
    let trial: f64 = value;
    for (let halving = 0; halving < 10; halving++) {
      // Rotation by the vector step·d[0..2], then the current rotation: n = r ⊗ q.
      const vx = step * wget(W_D), vy = step * wget(W_D + 1), vz = step * wget(W_D + 2);
      const angle = Math.sqrt(vx * vx + vy * vy + vz * vz);
      let rw: f64, rs: f64;
      if (angle < 1e-12) {
        rw = 1;
        rs = 0.5;
      } else {
        rw = Math.cos(angle / 2);
        rs = Math.sin(angle / 2) / angle;
      }
      const rx = vx * rs, ry = vy * rs, rz = vz * rs;
      nw = rw * qw - rx * qx - ry * qy - rz * qz;
      nx = rw * qx + rx * qw + ry * qz - rz * qy;
      ny = rw * qy - rx * qz + ry * qw + rz * qx;
      nz = rw * qz + rx * qy - ry * qx + rz * qw;
      const norm = Math.sqrt(nw * nw + nx * nx + ny * ny + nz * nz);
      nw /= norm;
      nx /= norm;
      ny /= norm;
      nz /= norm;
      ntx = tx + step * wget(W_D + 3);
      nty = ty + step * wget(W_D + 4);
      ntz = tz + step * wget(W_D + 5);
      poseMatrix(record, nw, nx, ny, nz);
      moveCandidate(candidate, ntx, nty, ntz);
      trial = movedOverlapGradient(ntx, nty, ntz, W_G2);
      if (trial >= value + 1e-4 * step * slope) {
        accepted = true;
        break;
      }
      step *= 0.5;
    }
    if (!accepted) break;
    const gain = trial - value;
    // Secant pair for the minimisation of −V: s = step, y = ∇(−V)_new − ∇(−V)_old.
    for (let i = 0; i < 6; i++) {
      wset(W_S + i, step * wget(W_D + i));
      wset(W_Y + i, wget(W_G + i) - wget(W_G2 + i));
    }
    updateInverseHessian(iteration == 0);
    qw = nw;
    qx = nx;
    qy = ny;
    qz = nz;
    tx = ntx;
    ty = nty;
    tz = ntz;
    value = trial;
    for (let i = 0; i < 6; i++) wset(W_G + i, wget(W_G2 + i));
    if (gain <= tolerance * value) break;
  }
  rset(record, S_Q, qw);
  rset(record, S_Q + 1, qx);
  rset(record, S_Q + 2, qy);
  rset(record, S_Q + 3, qz);
  rset(record, S_T, tx);
  rset(record, S_T + 1, ty);
  rset(record, S_T + 2, tz);
  rset(record, S_OVERLAP, value);
  rset(record, S_TANIMOTO, tanimoto(value, selfSum));
}

function tanimoto(overlapAB: f64, selfSum: f64): f64 {
  const union = selfSum - overlapAB;
  return union > 0 ? overlapAB / union : 0;
}

/** Moves the best-Tanimoto record among [from, to) to position `from`. */
function bringBest(starts: usize, from: i32, to: i32): void {
  const bytes = (<usize>START_SLOTS) << 3;
  let best = from;
  for (let r = from + 1; r < to; r++) {
    if (load<f64>(starts + <usize>r * bytes) > load<f64>(starts + <usize>best * bytes)) best = r;
  }
  if (best == from) return;
  const swap = gWork + ((<usize>W_SWAP) << 3);
  memory.copy(swap, starts + <usize>from * bytes, bytes);
  memory.copy(starts + <usize>from * bytes, starts + <usize>best * bytes, bytes);
  memory.copy(starts + <usize>best * bytes, swap, bytes);
}

/**
 * Rows x, y, z of `atoms` centred coordinates at `source` (row stride `stride` floats) in the principal
 * frame `axes` (row-major, columns = axes), times `scale`, then a row of squared norms (unscaled).
 */
function toFrame(source: usize, stride: i32, atoms: i32, axes: usize, scale: f32, frame: usize, frameStride: i32): void {
  const row = (<usize>stride) << 2;
  const out = (<usize>frameStride) << 2;
  const a0 = <f32>load<f64>(axes), a1 = <f32>load<f64>(axes, 8), a2 = <f32>load<f64>(axes, 16);
  const a3 = <f32>load<f64>(axes, 24), a4 = <f32>load<f64>(axes, 32), a5 = <f32>load<f64>(axes, 40);
  const a6 = <f32>load<f64>(axes, 48), a7 = <f32>load<f64>(axes, 56), a8 = <f32>load<f64>(axes, 64);
  for (let i = 0; i < frameStride; i++) {
    const at = (<usize>i) << 2;
    let x: f32 = 0, y: f32 = 0, z: f32 = 0;
    if (i < atoms) {
      x = load<f32>(source + at);
      y = load<f32>(source + row + at);
      z = load<f32>(source + 2 * row + at);
    }
    // p = Aᵀ·x: the coordinate along each axis.
    const px = a0 * x + a3 * y + a6 * z;
    const py = a1 * x + a4 * y + a7 * z;
    const pz = a2 * x + a5 * y + a8 * z;
    store<f32>(frame + at, scale * px);
    store<f32>(frame + out + at, scale * py);
    store<f32>(frame + 2 * out + at, scale * pz);
    store<f32>(frame + 3 * out + at, px * px + py * py + pz * pz);
  }
}

/**
 * The overlaps of the four principal-axes starts of one conformer pair at once, into out[0..4) (f64), of
 * those whose bit is set in `flips` (the others come out 0).
 * With both molecules in their principal frames (p, r), flip f puts candidate atom j at F_f·r_j, so
 * d² = |p|² + |r|² − 2 Σ_k f_k p_k r_k: the three products serve all four flips. The candidate rows
 * arrive doubled (2r); padding atoms lie far away and drop out at the cutoff.
 */
function flipOverlaps(p: usize, na4: i32, na: i32, r: usize, nb4: i32, k: usize, c: usize, out: usize, flips: i32): void {
  const qRow = (<usize>na4) << 2;
  const cRow = (<usize>nb4) << 2;
  const cutoff = f32x4.splat(CUTOFF);
  // A flip that is not asked for never counts as near: its exponentials are skipped.
  const ask0 = (flips & 1) != 0 ? i32x4.splat(-1) : i32x4.splat(0);
  const ask1 = (flips & 2) != 0 ? i32x4.splat(-1) : i32x4.splat(0);
  const ask2 = (flips & 4) != 0 ? i32x4.splat(-1) : i32x4.splat(0);
  const ask3 = (flips & 8) != 0 ? i32x4.splat(-1) : i32x4.splat(0);
  let t0 = f32x4.splat(0), t1 = f32x4.splat(0), t2 = f32x4.splat(0), t3 = f32x4.splat(0);
  for (let j = 0; j < nb4; j += 4) {
    const column = (<usize>j) << 2;
    const rx = v128.load(r + column);
    const ry = v128.load(r + cRow + column);
    const rz = v128.load(r + 2 * cRow + column);
    const rr = v128.load(r + 3 * cRow + column);
    for (let i = 0; i < na; i++) {
      const atom = (<usize>i) << 2;
      const ax = f32x4.mul(rx, f32x4.splat(load<f32>(p + atom)));
      const ay = f32x4.mul(ry, f32x4.splat(load<f32>(p + qRow + atom)));
      const az = f32x4.mul(rz, f32x4.splat(load<f32>(p + 2 * qRow + atom)));
      const base = f32x4.add(rr, f32x4.splat(load<f32>(p + 3 * qRow + atom)));
      const u = f32x4.add(ax, ay);
      const v = f32x4.sub(ax, ay);
      const pair = (<usize>(i * nb4 + j)) << 2;
      const cij = v128.load(c + pair);
      // Flips (+,+,+), (+,−,−), (−,+,−), (−,−,+).
      const e0 = f32x4.mul(cij, f32x4.sub(base, f32x4.add(u, az)));
      const e1 = f32x4.mul(cij, f32x4.sub(base, f32x4.sub(v, az)));
      const e2 = f32x4.mul(cij, f32x4.add(base, f32x4.add(v, az)));
      const e3 = f32x4.mul(cij, f32x4.add(base, f32x4.sub(u, az)));
      const n0 = v128.and(f32x4.lt(e0, cutoff), ask0), n1 = v128.and(f32x4.lt(e1, cutoff), ask1);
      const n2 = v128.and(f32x4.lt(e2, cutoff), ask2), n3 = v128.and(f32x4.lt(e3, cutoff), ask3);
      if (!v128.any_true(v128.or(v128.or(n0, n1), v128.or(n2, n3)))) continue;
      const kij = v128.load(k + pair);
      if (v128.any_true(n0)) t0 = f32x4.add(t0, v128.and(f32x4.mul(kij, expNegative4(e0)), n0));
      if (v128.any_true(n1)) t1 = f32x4.add(t1, v128.and(f32x4.mul(kij, expNegative4(e1)), n1));
      if (v128.any_true(n2)) t2 = f32x4.add(t2, v128.and(f32x4.mul(kij, expNegative4(e2)), n2));
      if (v128.any_true(n3)) t3 = f32x4.add(t3, v128.and(f32x4.mul(kij, expNegative4(e3)), n3));
    }
  }
  store<f64>(out, sum4(t0));
  store<f64>(out, sum4(t1), 8);
  store<f64>(out, sum4(t2), 16);
  store<f64>(out, sum4(t3), 24);
}

/** Set bits of a AND b over `bytes` (a multiple of 16, at most 496: byte lanes count to 8 a vector). */
function gridAnd(a: usize, b: usize, bytes: i32): i32 {
  let sum = i8x16.splat(0);
  for (let at: usize = 0; at < <usize>bytes; at += 16) sum = i8x16.add(sum, i8x16.popcnt(v128.and(v128.load(a + at), v128.load(b + at))));
  const quads = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(sum));
  return i32x4.extract_lane(quads, 0) + i32x4.extract_lane(quads, 1) + i32x4.extract_lane(quads, 2) + i32x4.extract_lane(quads, 3);
}

/**
 * The `wanted` starts of best grid Tanimoto, ties to the earlier start (start s = 4·(qc·kc + cc) + flip),
 * as one byte of flip bits a conformer pair, in `scratch`. `queryGrids` holds the query's 4·kq grids
 * (conformer qc under flip f at 4·qc + f) and `candidateGrids` the candidate's kc, each `gridBytes`, each
 * followed by their set-bit counts (i32, same order). The scratch holds wanted f64 Tanimotos, wanted i32
 * starts and kq·kc mask bytes.
 */
function chooseGridStarts(queryGrids: usize, candidateGrids: usize, scratch: usize, gridBytes: i32, kq: i32, kc: i32, wanted: i32): usize {
  const counts = queryGrids + <usize>(4 * kq) * <usize>gridBytes;
  const candidateCounts = candidateGrids + <usize>kc * <usize>gridBytes;
  const values = scratch;
  const chosen = values + (<usize>wanted << 3);
  const masks = chosen + (<usize>wanted << 2);
  let kept = 0;
  for (let qc = 0; qc < kq; qc++) {
    for (let cc = 0; cc < kc; cc++) {
      const cGrid = candidateGrids + <usize>cc * <usize>gridBytes;
      const cCount = load<i32>(candidateCounts + (<usize>cc << 2));
      for (let flip = 0; flip < 4; flip++) {
        const q = 4 * qc + flip;
        const both = gridAnd(queryGrids + <usize>q * <usize>gridBytes, cGrid, gridBytes);
        const union = load<i32>(counts + (<usize>q << 2)) + cCount - both;
        const value: f64 = union > 0 ? <f64>both / <f64>union : 0;
        if (kept == wanted && value <= load<f64>(values + (<usize>(wanted - 1) << 3))) continue;
        // Insertion into the descending list; an equal value stays behind those already there.
        let at = kept < wanted ? kept : wanted - 1;
        while (at > 0 && load<f64>(values + (<usize>(at - 1) << 3)) < value) {
          store<f64>(values + (<usize>at << 3), load<f64>(values + (<usize>(at - 1) << 3)));
          store<i32>(chosen + (<usize>at << 2), load<i32>(chosen + (<usize>(at - 1) << 2)));
          at--;
        }
        store<f64>(values + (<usize>at << 3), value);
        store<i32>(chosen + (<usize>at << 2), 4 * (qc * kc + cc) + flip);
        if (kept < wanted) kept++;
      }
    }
  }
  memory.fill(masks, 0, <usize>(kq * kc));
  for (let i = 0; i < kept; i++) {
    const start = load<i32>(chosen + (<usize>i << 2));
    const pair = masks + <usize>(start >> 2);
    store<u8>(pair, <u8>(<i32>load<u8>(pair) | (1 << (start & 3))));
  }
  return masks;
}

/**
 * Best shape alignment of the candidate on the query over every conformer pair; writes `out` and
 * returns the number of overlap evaluations.
 */
export function align(
  query: usize, na: i32, kq: i32, qAxes: usize, qSelf: usize,
  cand: usize, nb4: i32, kc: i32, cAxes: usize, cSelf: usize,
  k: usize, c: usize, moved: usize, starts: usize, work: usize, out: usize, frames: usize,
  screened: i32, screeningIterations: i32, optimized: i32, maxIterations: i32, tolerance: f64,
  queryGrids: usize, candidateGrids: usize, gridScratch: usize, gridBytes: i32, gridStarts: i32,
): i32 {
  useBuffers(na, nb4, k, c, moved, work);
  gEvaluations = 0;
  const qStride = (<usize>(3 * ((na + 3) & ~3))) << 2;
  const cStride = (<usize>(3 * nb4)) << 2;
  const recordBytes = (<usize>START_SLOTS) << 3;
  // Every principal-axes start (four axis sign flips) of every conformer pair, scored as it lies.
  const na4 = (na + 3) & ~3;
  const queryFrame = frames;
  const candidateFrame = frames + ((<usize>(4 * na4)) << 2);
  const flipValues = candidateFrame + ((<usize>(4 * nb4)) << 2);
  // With start grids, only the starts of the best `gridStarts` grid Tanimotos are scored as they lie.
  const total = kq * kc * 4;
  const masks = gridStarts > 0 && gridStarts < total ? chooseGridStarts(queryGrids, candidateGrids, gridScratch, gridBytes, kq, kc, gridStarts) : 0;
  let count = 0;
  for (let qc = 0; qc < kq; qc++) {
    const a = qAxes + (<usize>(9 * qc) << 3);
    let framed = false;
    for (let cc = 0; cc < kc; cc++) {
      const mask: i32 = masks ? <i32>load<u8>(masks + <usize>(qc * kc + cc)) : 15;
      if (mask == 0) continue;
      if (!framed) {
        toFrame(query + <usize>qc * qStride, na4, na, a, 1, queryFrame, na4);
        framed = true;
      }
      const b = cAxes + (<usize>(9 * cc) << 3);
      const selfSum = load<f64>(qSelf + (<usize>qc << 3)) + load<f64>(cSelf + (<usize>cc << 3));
      toFrame(cand + <usize>cc * cStride, nb4, nb4, b, 2, candidateFrame, nb4);
      flipOverlaps(queryFrame, na4, na, candidateFrame, nb4, k, c, flipValues, mask);
      gEvaluations += <i32>popcnt<u32>(<u32>mask);
      for (let flip = 0; flip < 4; flip++) {
        if ((mask & (1 << flip)) == 0) continue;
        const f0: f64 = flip >= 2 ? -1 : 1;
        const f1: f64 = flip == 1 || flip == 3 ? -1 : 1;
        const f2: f64 = flip == 1 || flip == 2 ? -1 : 1;
        const record = starts + <usize>count * recordBytes;
        rset(record, S_QUERY, <f64>qc);
        rset(record, S_CANDIDATE, <f64>cc);
        // R0 = A·diag(f)·Bᵀ carries the candidate's frame onto the query's.
        for (let r = 0; r < 3; r++) {
          const ar = a + (<usize>(3 * r) << 3);
          const p0 = load<f64>(ar) * f0, p1 = load<f64>(ar, 8) * f1, p2 = load<f64>(ar, 16) * f2;
          for (let col = 0; col < 3; col++) {
            const bc = b + (<usize>(3 * col) << 3);
            rset(record, S_R0 + 3 * r + col, p0 * load<f64>(bc) + p1 * load<f64>(bc, 8) + p2 * load<f64>(bc, 16));
          }
        }
        rset(record, S_Q, 1);
        rset(record, S_Q + 1, 0);
        rset(record, S_Q + 2, 0);
        rset(record, S_Q + 3, 0);
        rset(record, S_T, 0);
        rset(record, S_T + 1, 0);
        rset(record, S_T + 2, 0);
        const value = load<f64>(flipValues + ((<usize>flip) << 3));
        rset(record, S_OVERLAP, value);
        rset(record, S_TANIMOTO, tanimoto(value, selfSum));
        count++;
      }
    }
  }
  // A short climb of the best `screened` starts, then a full climb of the best `optimized` of those.
  const screenCount = min(max(screened, 1), count);
  for (let r = 0; r < screenCount; r++) {
    bringBest(starts, r, count);
    const record = starts + <usize>r * recordBytes;
    const candidate = useRecord(record, query, qStride, cand, cStride);
    const selfSum = load<f64>(qSelf + ((<usize>rget(record, S_QUERY)) << 3)) + load<f64>(cSelf + ((<usize>rget(record, S_CANDIDATE)) << 3));
    climb(record, candidate, screeningIterations, tolerance, selfSum);
  }
  const optimizeCount = min(max(optimized, 1), screenCount);
  for (let r = 0; r < optimizeCount; r++) {
    bringBest(starts, r, screenCount);
    const record = starts + <usize>r * recordBytes;
    const candidate = useRecord(record, query, qStride, cand, cStride);
    const selfSum = load<f64>(qSelf + ((<usize>rget(record, S_QUERY)) << 3)) + load<f64>(cSelf + ((<usize>rget(record, S_CANDIDATE)) << 3));
    climb(record, candidate, maxIterations, tolerance, selfSum);
  }
  bringBest(starts, 0, screenCount);
  const best = starts;
  store<f64>(out, rget(best, S_TANIMOTO));
  store<f64>(out, rget(best, S_QUERY), 8);
  store<f64>(out, rget(best, S_CANDIDATE), 16);
  poseMatrix(best, rget(best, S_Q), rget(best, S_Q + 1), rget(best, S_Q + 2), rget(best, S_Q + 3));
  for (let i = 0; i < 9; i++) store<f64>(out + (<usize>(3 + i) << 3), wget(W_M + i));
  for (let i = 0; i < 3; i++) store<f64>(out + (<usize>(12 + i) << 3), rget(best, S_T + i));
  return gEvaluations;
}
