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

/**
 * For each of `rows` catalogue rows (`slots` grids each, bit counts at `pops`, 0 for an empty slot),
 * the best grid Tanimoto over its slots and the `queryCount` query grids, as f32 at `out`, and which
 * pair gave it (slot x queryCount + query grid, -1 when none) as i32 at `pairs`. A pair whose bit
 * counts alone bound the Tanimoto (min / max) at or below the row's best so far is not read.
 */
export function bestTanimoto(
  query: usize, queryPops: usize, queryCount: i32,
  grids: usize, pops: usize, rows: i32, slots: i32, vectors: i32,
  out: usize, pairs: usize,
): void {
  const gridBytes = <usize>vectors << 4;
  for (let row: i32 = 0; row < rows; row++) {
    let best: f32 = 0;
    let bestPair: i32 = -1;
    for (let s: i32 = 0; s < slots; s++) {
      const slot = <usize>(row * slots + s);
      const pb = load<i32>(pops + (slot << 2));
      if (pb == 0) continue;
      const grid = grids + slot * gridBytes;
      for (let j: i32 = 0; j < queryCount; j++) {
        const pa = load<i32>(queryPops + (<usize>j << 2));
        if (<f32>min(pa, pb) <= best * <f32>max(pa, pb)) continue;
        const common = commonBits(query + <usize>j * gridBytes, grid, vectors);
        const tanimoto = <f32>common / <f32>(pa + pb - common);
        if (tanimoto > best) {
          best = tanimoto;
          bestPair = s * queryCount + j;
        }
      }
    }
    store<f32>(out + (<usize>row << 2), best);
    store<i32>(pairs + (<usize>row << 2), bestPair);
  }
}
