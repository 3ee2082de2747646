// AssemblyScript source of the stage-1 grid kernel of the 3D searches (see src/format/grid-layout.ts).
// Build: `npm run build:wasm:grid -w @molsearch/engine` writes src/shape/pose-grid-scan.wasm (committed)
// and the SHA-256 of this file next to it.
//
// The module imports one shared memory: the caller places the query grids, the catalogue's grid column
// and the output arrays in it and passes their addresses. Scans and charge scoring take a range of rows,
// so that threads running the same module on the same memory each take a part; a part's outputs are
// its own rows' entries, and each thread brings its own `scratch`. Grids are `vectors` x 16 bytes.

/** Bits set in each of `count` grids starting at `grids`, as i32 at `out`. */
export function countBits(grids: usize, count: i32, vectors: i32, out: usize): void {
  let at = grids;
  for (let g: i32 = 0; g < count; g++) {
    let total: i32 = 0;
    for (let v: i32 = 0; v < vectors; v++) {
      total += byteSum(i8x16.popcnt(v128.load(at)));
      at += 16;
    }
    store<i32>(out + (<usize>g << 2), total);
  }
}

/** Sum of the 16 unsigned byte lanes. */
function byteSum(bytes: v128): i32 {
  const quads = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(bytes));
  const pairs = i32x4.add(quads, v128.shuffle<i32>(quads, quads, 2, 3, 2, 3));
  return i32x4.extract_lane(pairs, 0) + i32x4.extract_lane(pairs, 1);
}

function commonBits(a: usize, b: usize, vectors: i32): i32 {
  let total: i32 = 0;
  let v: i32 = 0;
  while (v < vectors) {
    // Byte lanes gain at most 8 a vector: flush every 16 vectors, before 255.
    const end = min(vectors, v + 16);
    let lanes = i8x16.splat(0);
    for (; v < end; v++) {
      const offset = <usize>v << 4;
      lanes = i8x16.add(lanes, i8x16.popcnt(v128.and(v128.load(a + offset), v128.load(b + offset))));
    }
    total += byteSum(lanes);
  }
  return total;
}

function tanimoto(a: usize, pa: i32, b: usize, pb: i32, vectors: i32): f32 {
  const common = commonBits(a, b, vectors);
  return <f32>common / <f32>(pa + pb - common);
}

/** At most this many pairs a row are refined from coarse to fine grids. */
const MAX_REFINED: i32 = 16;

/**
 * Keeps the `kept` best pairs of catalogue row `row` by the Tanimoto of the grids given (query grids at
 * `query` with bit counts `queryPops`, the row's slots at `grids` / `pops`, `vectors` long), best first:
 * scores as f32 at `scores`, pairs as i32 at `keptPairs`, by insertion. A pair whose bit counts alone
 * bound its Tanimoto (min / max) at or below the worst kept one, once `kept` are held, is not read.
 * Returns how many are kept.
 */
function keepBestPairs(
  row: i32, query: usize, queryPops: usize, queryCount: i32, grids: usize, pops: usize, slots: i32, vectors: i32,
  kept: i32, scores: usize, keptPairs: usize,
): i32 {
  const gridBytes = <usize>vectors << 4;
  // Coarse grids are four vectors: the row's stay in registers for every query grid.
  const four = vectors == 4;
  let r0 = i8x16.splat(0), r1 = r0, r2 = r0, r3 = r0;
  let filled: i32 = 0;
  for (let s: i32 = 0; s < slots; s++) {
    const slot = <usize>(row * slots + s);
    const pb = load<i32>(pops + (slot << 2));
    if (pb == 0) continue;
    const b = grids + slot * gridBytes;
    if (four) {
      r0 = v128.load(b);
      r1 = v128.load(b, 16);
      r2 = v128.load(b, 32);
      r3 = v128.load(b, 48);
    }
    for (let j: i32 = 0; j < queryCount; j++) {
      const pa = load<i32>(queryPops + (<usize>j << 2));
      const floor: f32 = filled < kept ? 0 : load<f32>(scores + (<usize>(kept - 1) << 2));
      if (<f32>min(pa, pb) <= floor * <f32>max(pa, pb)) continue;
      const a = query + <usize>j * gridBytes;
      const common = four
        ? byteSum(
            i8x16.add(
              i8x16.add(i8x16.popcnt(v128.and(v128.load(a), r0)), i8x16.popcnt(v128.and(v128.load(a, 16), r1))),
              i8x16.add(i8x16.popcnt(v128.and(v128.load(a, 32), r2)), i8x16.popcnt(v128.and(v128.load(a, 48), r3))),
            ),
          )
        : commonBits(a, b, vectors);
      const t = <f32>common / <f32>(pa + pb - common);
      if (filled == kept && t <= floor) continue;
      let at = filled < kept ? filled++ : kept - 1;
      while (at > 0 && load<f32>(scores + (<usize>(at - 1) << 2)) < t) {
        store<f32>(scores + (<usize>at << 2), load<f32>(scores + (<usize>(at - 1) << 2)));
        store<i32>(keptPairs + (<usize>at << 2), load<i32>(keptPairs + (<usize>(at - 1) << 2)));
        at--;
      }
      store<f32>(scores + (<usize>at << 2), t);
      store<i32>(keptPairs + (<usize>at << 2), s * queryCount + j);
    }
  }
  return filled;
}

/**
 * For each catalogue row in `firstRow` .. `endRow` - 1 (`slots` grids each, bit counts at `pops`, 0 for an empty slot),
 * the best grid Tanimoto over its slots and the `queryCount` query grids, as f32 at `out`, and which
 * pair gave it (slot x queryCount + query grid, -1 when none or when the best is 0) as i32 at `pairs`.
 *
 * With `refine` 0 every pair's fine grids are compared. With `refine` 1..16 the coarse grids (`coarse`,
 * `coarsePops`, `coarseQuery`, `coarseQueryPops`, `coarseVectors` long) of every pair are compared
 * first and only the `refine` best pairs by coarse Tanimoto get their fine grids compared; each row's
 * refined pairs and their fine Tanimoto go to `refined` as `refine` (i32 pair, f32 score) entries, pair
 * -1 where the row has fewer. With `fine` 0 the refined pairs keep their coarse Tanimoto, and the
 * fine grids are not read: for callers that want the poses, not the scores.
 * `scratch` holds 2 x MAX_REFINED x 4 bytes.
 */
export function bestTanimoto(
  query: usize, queryPops: usize, coarseQuery: usize, coarseQueryPops: usize, queryCount: i32,
  grids: usize, pops: usize, coarse: usize, coarsePops: usize, firstRow: i32, endRow: i32, slots: i32,
  vectors: i32, coarseVectors: i32, refine: i32, fine: i32, scratch: usize, out: usize, pairs: usize, refined: usize,
): void {
  const gridBytes = <usize>vectors << 4;
  const kept = min(refine, MAX_REFINED);
  const keptPairs = scratch + (<usize>MAX_REFINED << 2);
  for (let row = firstRow; row < endRow; row++) {
    let best: f32 = 0;
    let bestPair: i32 = -1;
    if (kept <= 0) {
      if (keepBestPairs(row, query, queryPops, queryCount, grids, pops, slots, vectors, 1, scratch, keptPairs) > 0) {
        best = load<f32>(scratch);
        if (best > 0) bestPair = load<i32>(keptPairs);
      }
    } else {
      const filled = keepBestPairs(row, coarseQuery, coarseQueryPops, queryCount, coarse, coarsePops, slots, coarseVectors, kept, scratch, keptPairs);
      const rowRefined = refined + (<usize>(row * kept) << 3);
      for (let k: i32 = 0; k < kept; k++) {
        if (k >= filled) {
          store<i32>(rowRefined + (<usize>k << 3), -1);
          store<f32>(rowRefined + (<usize>k << 3), 0, 4);
          continue;
        }
        const pair = load<i32>(keptPairs + (<usize>k << 2));
        const s = pair / queryCount;
        const j = pair - s * queryCount;
        const slot = <usize>(row * slots + s);
        const t = fine
          ? tanimoto(query + <usize>j * gridBytes, load<i32>(queryPops + (<usize>j << 2)), grids + slot * gridBytes, load<i32>(pops + (slot << 2)), vectors)
          : load<f32>(scratch + (<usize>k << 2));
        store<i32>(rowRefined + (<usize>k << 3), pair);
        store<f32>(rowRefined + (<usize>k << 3), t, 4);
        if (t > best) {
          best = t;
          bestPair = pair;
        }
      }
    }
    store<f32>(out + (<usize>row << 2), best);
    store<i32>(pairs + (<usize>row << 2), bestPair);
  }
}

/** Signs of AXIS_SIGN_FLIPS[flip] (identity, then the three proper two-axis flips) as x, y, z, 0. */
function flipSigns(flip: i32): v128 {
  // Flip 1 mirrors y and z, flip 2 x and z, flip 3 x and y.
  return f32x4(flip == 2 || flip == 3 ? -1 : 1, flip == 1 || flip == 3 ? -1 : 1, flip == 1 || flip == 2 ? -1 : 1, 0);
}

/**
 * The electrostatic half of stage 1 (src/shape/charge-lattice.ts): for each row in `firstRow` .. `endRow` - 1,
 * the best renormalised Carbó similarity (x + 1) / 2 over its `perRow` refined poses (`refined`: i32
 * pair, f32 grid Tanimoto) whose Tanimoto is at least `margin` x the row's best (`best`, f32), as f32 at
 * `out`; 0 when none. Pose pair = slot x queryCount + query grid; query grid j is query conformer j >> 2
 * under flip j & 3. Sites are (x, y, z, charge) f32 at `sites`, slot k's from offsets[k] to
 * offsets[k + 1], already inside the lattice box (|x| < hx, ...). The overlap Σ q_b V(flip ⊙ b) reads
 * the query conformer's potential lattice (`lattices`, nx x ny x nz f32 each, origin at -half) by
 * trilinear interpolation. Poses of one slot under one flip put every site at the same lattice point
 * whatever the query conformer, so they are scored together: each site is placed once for all of them.
 * `scratch` holds 4 x MAX_REFINED x 4 bytes.
 */
export function chargeOverlaps(
  lattices: usize, nx: i32, ny: i32, nz: i32, hx: f32, hy: f32, hz: f32, querySelf: usize,
  sites: usize, offsets: usize, slotSelf: usize,
  refined: usize, perRow: i32, best: usize, margin: f32, firstRow: i32, endRow: i32, slots: i32, queryCount: i32,
  scratch: usize, out: usize,
): void {
  const yz = ny * nz;
  const latticeBytes = <usize>(nx * yz) << 2;
  const half = f32x4(hx, hy, hz, 0);
  const strides = i32x4(yz, nz, 1, 0);
  const keys = scratch;
  const conformers = keys + (<usize>MAX_REFINED << 2);
  const group = conformers + (<usize>MAX_REFINED << 2);
  const totals = group + (<usize>MAX_REFINED << 2);
  const rows = min(perRow, MAX_REFINED);
  for (let row = firstRow; row < endRow; row++) {
    const floor = margin * load<f32>(best + (<usize>row << 2));
    let poses: i32 = 0;
    for (let k: i32 = 0; k < rows; k++) {
      const entry = refined + (<usize>(row * perRow + k) << 3);
      const pair = load<i32>(entry);
      if (pair < 0 || load<f32>(entry, 4) < floor) continue;
      const s = pair / queryCount;
      const j = pair - s * queryCount;
      store<i32>(keys + (<usize>poses << 2), (s << 2) | (j & 3));
      store<i32>(conformers + (<usize>poses << 2), j >> 2);
      poses++;
    }
    let score: f32 = 0;
    for (let i: i32 = 0; i < poses; i++) {
      const key = load<i32>(keys + (<usize>i << 2));
      if (key < 0) continue;
      let members: i32 = 0;
      for (let t = i; t < poses; t++) {
        if (load<i32>(keys + (<usize>t << 2)) != key) continue;
        store<i32>(keys + (<usize>t << 2), -1);
        store<i32>(group + (<usize>members << 2), load<i32>(conformers + (<usize>t << 2)));
        store<f32>(totals + (<usize>members << 2), 0);
        members++;
      }
      const slot = <usize>(row * slots + (key >> 2));
      const first = load<u32>(offsets + (slot << 2));
      const end = load<u32>(offsets + (slot << 2), 4);
      if (end == first) continue;
      const signs = flipSigns(key & 3);
      for (let b = first; b < end; b++) {
        const site = v128.load(sites + (<usize>b << 4));
        const p = f32x4.add(f32x4.mul(site, signs), half);
        const cell = f32x4.floor(p);
        const f = f32x4.sub(p, cell);
        const index = i32x4.mul(i32x4.trunc_sat_f32x4_s(cell), strides);
        const offset = <usize>(i32x4.extract_lane(index, 0) + i32x4.extract_lane(index, 1) + i32x4.extract_lane(index, 2)) << 2;
        const fz = f32x4.splat(f32x4.extract_lane(f, 2));
        const fy = f32x4.splat(f32x4.extract_lane(f, 1));
        const fx = f32x4.extract_lane(f, 0);
        const q = f32x4.extract_lane(site, 3);
        for (let g: i32 = 0; g < members; g++) {
          const at = lattices + <usize>load<i32>(group + (<usize>g << 2)) * latticeBytes + offset;
          const value = trilinear(at, <usize>nz << 2, <usize>yz << 2, fx, fy, fz);
          const total = totals + (<usize>g << 2);
          store<f32>(total, load<f32>(total) + q * value);
        }
      }
      for (let g: i32 = 0; g < members; g++) {
        const conformer = <usize>load<i32>(group + (<usize>g << 2));
        const carbo = <f64>load<f32>(totals + (<usize>g << 2)) / Math.sqrt(load<f64>(querySelf + (conformer << 3)) * load<f64>(slotSelf + (slot << 3)));
        score = max(score, <f32>((carbo + 1) / 2));
      }
    }
    store<f32>(out + (<usize>row << 2), score);
  }
}

/**
 * The lattice value at a point of cell `at` (its lower corner) with fractions fx, fy, fz: the z pairs
 * of the four (x, y) corners are two 8-byte loads each side, and the z and y steps run four and two
 * lanes at a time. `rowBytes` steps y, `planeBytes` x.
 */
function trilinear(at: usize, rowBytes: usize, planeBytes: usize, fx: f32, fy: v128, fz: v128): f32 {
  const near = v128.load64_lane(at + rowBytes, v128.load64_zero(at), 1);
  const far = v128.load64_lane(at + planeBytes + rowBytes, v128.load64_zero(at + planeBytes), 1);
  const z0 = v128.shuffle<f32>(near, far, 0, 2, 4, 6);
  const z1 = v128.shuffle<f32>(near, far, 1, 3, 5, 7);
  const e = f32x4.add(z0, f32x4.mul(fz, f32x4.sub(z1, z0)));
  const y0 = v128.shuffle<f32>(e, e, 0, 2, 0, 2);
  const y1 = v128.shuffle<f32>(e, e, 1, 3, 1, 3);
  const g = f32x4.add(y0, f32x4.mul(fy, f32x4.sub(y1, y0)));
  const g0 = f32x4.extract_lane(g, 0);
  return g0 + fx * (f32x4.extract_lane(g, 1) - g0);
}

/**
 * The query's potential on a lattice (src/shape/charge-lattice.ts), for query conformers `first` .. `end`
 * - 1: conformer c's `siteCount` sites are (x, y, z, charge) f32 at `sites` + c x siteCount x 16 in its
 * principal frame, its lattice nx x ny x nz f32 (x slowest, origin at -half) at `lattices` + c x lattice
 * bytes. The kernel is Σ_k a_k exp(b_k r²) with (a, b) f32 pairs at `terms`; each term factors along
 * the axes, so a site adds outer products of three short rows, ny x nz planes four floats at a time.
 * `scratch` holds nx + ny + nz + ny x nz + 4 f32.
 */
export function potentialLattices(
  sites: usize, siteCount: i32, first: i32, end: i32, terms: usize, termCount: i32,
  nx: i32, ny: i32, nz: i32, hx: f32, hy: f32, hz: f32, scratch: usize, lattices: usize,
): void {
  const plane = ny * nz;
  const latticeBytes = <usize>(nx * plane) << 2;
  const ex = scratch;
  const ey = ex + (<usize>nx << 2);
  const ez = ey + (<usize>ny << 2);
  const yz = ez + (<usize>nz << 2);
  const vectors = plane >> 2;
  for (let c = first; c < end; c++) {
    const lattice = lattices + <usize>c * latticeBytes;
    memory.fill(lattice, 0, latticeBytes);
    for (let s: i32 = 0; s < siteCount; s++) {
      const site = sites + (<usize>(c * siteCount + s) << 4);
      const q = load<f32>(site, 12);
      if (q == 0) continue;
      for (let k: i32 = 0; k < termCount; k++) {
        const a = load<f32>(terms + (<usize>k << 3));
        const b = load<f32>(terms + (<usize>k << 3), 4);
        axisRow(ex, nx, b, load<f32>(site) + hx, q * a);
        axisRow(ey, ny, b, load<f32>(site, 4) + hy, 1);
        axisRow(ez, nz, b, load<f32>(site, 8) + hz, 1);
        for (let y: i32 = 0; y < ny; y++) {
          const wy = load<f32>(ey + (<usize>y << 2));
          for (let z: i32 = 0; z < nz; z++) store<f32>(yz + (<usize>(y * nz + z) << 2), wy * load<f32>(ez + (<usize>z << 2)));
        }
        for (let x: i32 = 0; x < nx; x++) {
          const w = load<f32>(ex + (<usize>x << 2));
          const wv = f32x4.splat(w);
          const row = lattice + (<usize>(x * plane) << 2);
          for (let v: i32 = 0; v < vectors; v++) {
            const at = row + (<usize>v << 4);
            v128.store(at, f32x4.add(v128.load(at), f32x4.mul(wv, v128.load(yz + (<usize>v << 4)))));
          }
          for (let i = vectors << 2; i < plane; i++) {
            const at = row + (<usize>i << 2);
            store<f32>(at, load<f32>(at) + w * load<f32>(yz + (<usize>i << 2)));
          }
        }
      }
    }
  }
}

/** row[i] = scale x exp(b (i - centre)²) for i in 0 .. n - 1: one axis's factor of a Gaussian term. */
function axisRow(row: usize, n: i32, b: f32, centre: f32, scale: f32): void {
  for (let i: i32 = 0; i < n; i++) {
    const d = <f32>i - centre;
    store<f32>(row + (<usize>i << 2), scale * Mathf.exp(b * d * d));
  }
}
