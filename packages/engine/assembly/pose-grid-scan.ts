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
 * For each of `rows` catalogue rows (`slots` grids each, bit counts at `pops`, 0 for an empty slot),
 * the best grid Tanimoto over its slots and the `queryCount` query grids, as f32 at `out`, and which
 * pair gave it (slot x queryCount + query grid, -1 when none) as i32 at `pairs`.
 *
 * With `refine` 0 every pair's fine grids are compared. With `refine` 1..16 the coarse grids (`coarse`,
 * `coarsePops`, `coarseQuery`, `coarseQueryPops`, `coarseVectors` long) of every pair are compared
 * first and only the `refine` best pairs by coarse Tanimoto get their fine grids compared; each row's
 * refined pairs and their fine Tanimoto go to `refined` as `refine` (i32 pair, f32 score) entries, pair
 * -1 where the row has fewer. A pair whose bit counts alone bound its Tanimoto (min / max) below what it
 * must beat is not read.
 * `scratch` holds 2 x MAX_REFINED x 4 bytes.
 */
export function bestTanimoto(
  query: usize, queryPops: usize, coarseQuery: usize, coarseQueryPops: usize, queryCount: i32,
  grids: usize, pops: usize, coarse: usize, coarsePops: usize, rows: i32, slots: i32,
  vectors: i32, coarseVectors: i32, refine: i32, scratch: usize, out: usize, pairs: usize, refined: usize,
): void {
  const gridBytes = <usize>vectors << 4;
  const coarseBytes = <usize>coarseVectors << 4;
  const kept = min(refine, MAX_REFINED);
  const keptPairs = scratch + (<usize>MAX_REFINED << 2);
  for (let row: i32 = 0; row < rows; row++) {
    let best: f32 = 0;
    let bestPair: i32 = -1;
    if (kept <= 0) {
      for (let s: i32 = 0; s < slots; s++) {
        const slot = <usize>(row * slots + s);
        const pb = load<i32>(pops + (slot << 2));
        if (pb == 0) continue;
        for (let j: i32 = 0; j < queryCount; j++) {
          const pa = load<i32>(queryPops + (<usize>j << 2));
          if (<f32>min(pa, pb) <= best * <f32>max(pa, pb)) continue;
          const t = tanimoto(query + <usize>j * gridBytes, pa, grids + slot * gridBytes, pb, vectors);
          if (t > best) {
            best = t;
            bestPair = s * queryCount + j;
          }
        }
      }
    } else {
      // The `kept` best pairs by coarse Tanimoto, worst last, by insertion.
      let filled: i32 = 0;
      for (let s: i32 = 0; s < slots; s++) {
        const slot = <usize>(row * slots + s);
        const pb = load<i32>(coarsePops + (slot << 2));
        if (pb == 0) continue;
        for (let j: i32 = 0; j < queryCount; j++) {
          const pa = load<i32>(coarseQueryPops + (<usize>j << 2));
          const floor: f32 = filled < kept ? 0 : load<f32>(scratch + (<usize>(kept - 1) << 2));
          if (<f32>min(pa, pb) <= floor * <f32>max(pa, pb)) continue;
          const t = tanimoto(coarseQuery + <usize>j * coarseBytes, pa, coarse + slot * coarseBytes, pb, coarseVectors);
          if (filled == kept && t <= floor) continue;
          let at = filled < kept ? filled++ : kept - 1;
          while (at > 0 && load<f32>(scratch + (<usize>(at - 1) << 2)) < t) {
            store<f32>(scratch + (<usize>at << 2), load<f32>(scratch + (<usize>(at - 1) << 2)));
            store<i32>(keptPairs + (<usize>at << 2), load<i32>(keptPairs + (<usize>(at - 1) << 2)));
            at--;
          }
          store<f32>(scratch + (<usize>at << 2), t);
          store<i32>(keptPairs + (<usize>at << 2), s * queryCount + j);
        }
      }
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
