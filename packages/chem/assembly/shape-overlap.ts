// AssemblyScript source of the WebAssembly SIMD Gaussian-overlap kernel used by the shape alignment
// (packages/chem/src/shape/simd-overlap.ts). Build: `npm run build:wasm -w @molsearch/chem`.
//
// Four candidate atoms per 128-bit lane group, in float32: the alignment search only needs the
// overlap's shape, and the final score is recomputed in float64 by the JavaScript kernel.
// Caller-managed memory (byte offsets):
//   qx, qy, qz   f32[na]          query atoms
//   bx, by, bz   f32[nb4]         candidate atoms already moved by the pose; padding lies far away
//   k, c         f32[na * nb4]    pair constants, row i = query atom i: overlap = k·exp(−c·d²)
//   gx, gy, gz   f32[nb4]         out: ∂V/∂(candidate atom position)

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

export function overlap(qx: usize, qy: usize, qz: usize, na: i32, bx: usize, by: usize, bz: usize, nb4: i32, k: usize, c: usize): f32 {
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
      const v = f32x4.mul(v128.load(k + pair), expNegative4(e));
      total = f32x4.add(total, v128.and(v, f32x4.lt(e, cutoff)));
    }
  }
  return f32x4.extract_lane(total, 0) + f32x4.extract_lane(total, 1) + f32x4.extract_lane(total, 2) + f32x4.extract_lane(total, 3);
}

export function overlapGradient(
  qx: usize, qy: usize, qz: usize, na: i32,
  bx: usize, by: usize, bz: usize, nb4: i32,
  k: usize, c: usize,
  gx: usize, gy: usize, gz: usize,
): f32 {
  let total = f32x4.splat(0);
  const cutoff = f32x4.splat(CUTOFF);
  const minusTwo = f32x4.splat(-2);
  for (let j = 0; j < nb4; j += 4) {
    const column = (<usize>j) << 2;
    const x = v128.load(bx + column);
    const y = v128.load(by + column);
    const z = v128.load(bz + column);
    let sx = f32x4.splat(0);
    let sy = f32x4.splat(0);
    let sz = f32x4.splat(0);
    for (let i = 0; i < na; i++) {
      const atom = (<usize>i) << 2;
      const dx = f32x4.sub(x, f32x4.splat(load<f32>(qx + atom)));
      const dy = f32x4.sub(y, f32x4.splat(load<f32>(qy + atom)));
      const dz = f32x4.sub(z, f32x4.splat(load<f32>(qz + atom)));
      const pair = (<usize>(i * nb4 + j)) << 2;
      const cij = v128.load(c + pair);
      const e = f32x4.mul(cij, f32x4.add(f32x4.add(f32x4.mul(dx, dx), f32x4.mul(dy, dy)), f32x4.mul(dz, dz)));
      const v = v128.and(f32x4.mul(v128.load(k + pair), expNegative4(e)), f32x4.lt(e, cutoff));
      total = f32x4.add(total, v);
      const f = f32x4.mul(f32x4.mul(minusTwo, cij), v);
      sx = f32x4.add(sx, f32x4.mul(f, dx));
      sy = f32x4.add(sy, f32x4.mul(f, dy));
      sz = f32x4.add(sz, f32x4.mul(f, dz));
    }
    v128.store(gx + column, sx);
    v128.store(gy + column, sy);
    v128.store(gz + column, sz);
  }
  return f32x4.extract_lane(total, 0) + f32x4.extract_lane(total, 1) + f32x4.extract_lane(total, 2) + f32x4.extract_lane(total, 3);
}
