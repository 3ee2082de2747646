// AssemblyScript source of the stage-1 grid kernel of the 3D searches (see src/stage1/pose-grid.ts).
// Build: `npm run build:wasm:grid -w @molsearch/engine` writes src/stage1/pose-grid-scan.wasm (committed)
// and the SHA-256 of this file next to it.
//
// The module owns its memory; the caller places the query grids, the catalogue's grid column and the
// output arrays in it and passes their addresses. Grids are `vectors` x 16 bytes.

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
  let filled: i32 = 0;
  for (let s: i32 = 0; s < slots; s++) {
    const slot = <usize>(row * slots + s);
    const pb = load<i32>(pops + (slot << 2));
    if (pb == 0) continue;
    for (let j: i32 = 0; j < queryCount; j++) {
      const pa = load<i32>(queryPops + (<usize>j << 2));
      const floor: f32 = filled < kept ? 0 : load<f32>(scores + (<usize>(kept - 1) << 2));
      if (<f32>min(pa, pb) <= floor * <f32>max(pa, pb)) continue;
      const t = tanimoto(query + <usize>j * gridBytes, pa, grids + slot * gridBytes, pb, vectors);
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
 * For each of `rows` catalogue rows (`slots` grids each, bit counts at `pops`, 0 for an empty slot),
 * the best grid Tanimoto over its slots and the `queryCount` query grids, as f32 at `out`, and which
 * pair gave it (slot x queryCount + query grid, -1 when none or when the best is 0) as i32 at `pairs`.
 *
 * With `refine` 0 every pair's fine grids are compared. With `refine` 1..16 the coarse grids (`coarse`,
 * `coarsePops`, `coarseQuery`, `coarseQueryPops`, `coarseVectors` long) of every pair are compared
 * first and only the `refine` best pairs by coarse Tanimoto get their fine grids compared; each row's
 * refined pairs and their fine Tanimoto go to `refined` as `refine` (i32 pair, f32 score) entries, pair
 * -1 where the row has fewer.
 * `scratch` holds 2 x MAX_REFINED x 4 bytes.
 */
export function bestTanimoto(
  query: usize, queryPops: usize, coarseQuery: usize, coarseQueryPops: usize, queryCount: i32,
  grids: usize, pops: usize, coarse: usize, coarsePops: usize, rows: i32, slots: i32,
  vectors: i32, coarseVectors: i32, refine: i32, scratch: usize, out: usize, pairs: usize, refined: usize,
): void {
  const gridBytes = <usize>vectors << 4;
  const kept = min(refine, MAX_REFINED);
  const keptPairs = scratch + (<usize>MAX_REFINED << 2);
  for (let row: i32 = 0; row < rows; row++) {
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
        const t = tanimoto(query + <usize>j * gridBytes, load<i32>(queryPops + (<usize>j << 2)), grids + slot * gridBytes, load<i32>(pops + (slot << 2)), vectors);
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

/** Signs of AXIS_SIGN_FLIPS[flip] (identity, then the three proper two-axis flips) along axis `axis`. */
function flipSign(flip: i32, axis: i32): f32 {
  // Flip 1 mirrors y and z, flip 2 x and z, flip 3 x and y.
  return flip != 0 && flip != axis + 1 ? -1 : 1;
}

/**
 * The electrostatic half of stage 1 (src/stage1/esp-at-pose.ts): for each of `rows` rows, the best
 * renormalised Carbó similarity (x + 1) / 2 over its `perRow` refined poses (`refined`: i32 pair, f32
 * grid Tanimoto) whose Tanimoto is at least `margin` x the row's best (`best`, f32), as f32 at `out`;
 * 0 when none. Pose pair = slot x queryCount + query grid; query grid j is query conformer j >> 2 under
 * flip j & 3. The overlap Σ q_b V(flip ⊙ b) reads the query conformer's potential lattice (`lattices`,
 * nx x ny x nz f32 each, origin at -half) by trilinear interpolation, clamped to the box.
 */
export function chargeOverlaps(
  lattices: usize, nx: i32, ny: i32, nz: i32, hx: f32, hy: f32, hz: f32, querySelf: usize,
  coords: usize, charges: usize, offsets: usize, slotSelf: usize,
  refined: usize, perRow: i32, best: usize, margin: f32, rows: i32, slots: i32, queryCount: i32, out: usize,
): void {
  const yz = ny * nz;
  const latticeBytes = <usize>(nx * yz) << 2;
  const maxX = <f32>(nx - 1) - 1e-4, maxY = <f32>(ny - 1) - 1e-4, maxZ = <f32>(nz - 1) - 1e-4;
  for (let row: i32 = 0; row < rows; row++) {
    const floor = margin * load<f32>(best + (<usize>row << 2));
    let score: f32 = 0;
    for (let k: i32 = 0; k < perRow; k++) {
      const entry = refined + (<usize>(row * perRow + k) << 3);
      const pair = load<i32>(entry);
      if (pair < 0 || load<f32>(entry, 4) < floor) continue;
      const s = pair / queryCount;
      const j = pair - s * queryCount;
      const slot = <usize>(row * slots + s);
      const first = load<u32>(offsets + (slot << 2));
      const end = load<u32>(offsets + (slot << 2), 4);
      if (end == first) continue;
      const flip = j & 3;
      const sx = flipSign(flip, 0), sy = flipSign(flip, 1), sz = flipSign(flip, 2);
      const lattice = lattices + <usize>(j >> 2) * latticeBytes;
      let total: f32 = 0;
      for (let b = first; b < end; b++) {
        const site = coords + (<usize>b * 12);
        const px = min(maxX, max(<f32>0, sx * load<f32>(site) + hx));
        const py = min(maxY, max(<f32>0, sy * load<f32>(site, 4) + hy));
        const pz = min(maxZ, max(<f32>0, sz * load<f32>(site, 8) + hz));
        const x = <i32>px, y = <i32>py, z = <i32>pz;
        const fx = px - <f32>x, fy = py - <f32>y, fz = pz - <f32>z;
        const at = lattice + (<usize>(x * yz + y * nz + z) << 2);
        const ny4 = <usize>nz << 2;
        const yz4 = <usize>yz << 2;
        const a0 = load<f32>(at), a1 = load<f32>(at, 4);
        const b0 = load<f32>(at + ny4), b1 = load<f32>(at + ny4, 4);
        const c0 = load<f32>(at + yz4), c1 = load<f32>(at + yz4, 4);
        const d0 = load<f32>(at + yz4 + ny4), d1 = load<f32>(at + yz4 + ny4, 4);
        const e00 = a0 + fz * (a1 - a0);
        const e01 = b0 + fz * (b1 - b0);
        const e10 = c0 + fz * (c1 - c0);
        const e11 = d0 + fz * (d1 - d0);
        const e0 = e00 + fy * (e01 - e00);
        const e1 = e10 + fy * (e11 - e10);
        total += load<f32>(charges + (<usize>b << 2)) * (e0 + fx * (e1 - e0));
      }
      const carbo = <f64>total / Math.sqrt(load<f64>(querySelf + (<usize>(j >> 2) << 3)) * load<f64>(slotSelf + (slot << 3)));
      score = max(score, <f32>((carbo + 1) / 2));
    }
    store<f32>(out + (<usize>row << 2), score);
  }
}
