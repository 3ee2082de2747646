// AssemblyScript source of the WebAssembly SIMD kernel for Morgan search (2048-bit fingerprints).
// Build: `npm run build:wasm -w @molsearch/engine` writes src/morgan/tanimoto-simd.wasm (committed)
// and the SHA-256 of this file next to it.
//
// The module imports a shared memory that holds the catalogue's fingerprint column, so every worker
// scans the same bytes. It never allocates: callers pass addresses into that memory.
//
// scanCommonBits does the full AND + popcount of a row (10 x v128 with byte counts accumulated in two
// vectors and widened once per row, then 12 x u64), optionally behind an exact upper bound read from a 32-byte fold
// of each row, so most rows cost 32 bytes of memory traffic and four popcounts instead of 256 and sixteen.
//
// The fold of a fingerprint b is the OR of its eight 256-bit quarters-of-quarters: fold bit i is set
// when b has any of the bits i, i+256, ..., i+1792 ("group i"). With w(i) the number of query bits in
// group i, every bit common to query and b lies in a group whose fold bit is set, and no group holds
// more common bits than query bits, so  common <= sum over fold bits i of w(i).  The query side w is
// passed as bit planes (plane j holds bit j of every w(i)), so the bound is sum_j 2^j popcount(fold & plane_j).

const FINGERPRINT_BYTES: usize = 256;
const FOLD_BYTES: usize = 32;

function commonBits(query: usize, fp: usize): i32 {
  // The first 160 bytes go through the vector pipes and the last 96 through the integer pipes, which
  // run side by side: about 15 % more rows/s than all 256 bytes as vectors (the vector popcount is
  // a table lookup of several instructions in V8). Two vector accumulators for instruction-level
  // parallelism; each byte lane sums at most 5 x 8 = 40 bits.
  let a = i8x16.popcnt(v128.and(v128.load(query, 0), v128.load(fp, 0)));
  let b = i8x16.popcnt(v128.and(v128.load(query, 16), v128.load(fp, 16)));
  a = i8x16.add(a, i8x16.popcnt(v128.and(v128.load(query, 32), v128.load(fp, 32))));
  b = i8x16.add(b, i8x16.popcnt(v128.and(v128.load(query, 48), v128.load(fp, 48))));
  a = i8x16.add(a, i8x16.popcnt(v128.and(v128.load(query, 64), v128.load(fp, 64))));
  b = i8x16.add(b, i8x16.popcnt(v128.and(v128.load(query, 80), v128.load(fp, 80))));
  a = i8x16.add(a, i8x16.popcnt(v128.and(v128.load(query, 96), v128.load(fp, 96))));
  b = i8x16.add(b, i8x16.popcnt(v128.and(v128.load(query, 112), v128.load(fp, 112))));
  a = i8x16.add(a, i8x16.popcnt(v128.and(v128.load(query, 128), v128.load(fp, 128))));
  b = i8x16.add(b, i8x16.popcnt(v128.and(v128.load(query, 144), v128.load(fp, 144))));
  const s = wordBits(query, fp, 160) + wordBits(query, fp, 168) + wordBits(query, fp, 176) + wordBits(query, fp, 184);
  const t = wordBits(query, fp, 192) + wordBits(query, fp, 200) + wordBits(query, fp, 208) + wordBits(query, fp, 216);
  const u = wordBits(query, fp, 224) + wordBits(query, fp, 232) + wordBits(query, fp, 240) + wordBits(query, fp, 248);
  return byteSum(i8x16.add(a, b)) + <i32>(s + t + u);
}

function wordBits(query: usize, fp: usize, offset: usize): u64 {
  return popcnt<u64>(load<u64>(query + offset) & load<u64>(fp + offset));
}

/** Sum of the 16 unsigned byte lanes (each at most 255 here). */
function byteSum(bytes: v128): i32 {
  const quads = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(bytes));
  const pairs = i32x4.add(quads, v128.shuffle<i32>(quads, quads, 2, 3, 2, 3));
  return i32x4.extract_lane(pairs, 0) + i32x4.extract_lane(pairs, 1);
}

function record(out: usize, hits: i32, row: i32, common: i32): void {
  const at = out + (<usize>hits << 3);
  store<u32>(at, <u32>row);
  store<u32>(at, <u32>common, 4);
}

/**
 * Counts the bits the query shares with each of `rows` consecutive fingerprints starting at `first`
 * and records the rows whose count reaches `minCommon` as (row offset, common bits) u32 pairs at `out`.
 * Returns the number of recorded rows.
 *
 * With `planeCount` 1..4, `folds` is the fold of row `first` and `planes` holds the query's planes of
 * 32 bytes, highest first: rows whose fold bound is below `minCommon` are skipped without reading their
 * fingerprint; the recorded rows are exactly the same. With `planeCount` 0 every byte is read.
 * (One function, so the compiler inlines commonBits into its only caller.)
 */
export function scanCommonBits(query: usize, planes: usize, planeCount: i32, first: usize, folds: usize, rows: i32, minCommon: i32, out: usize): i32 {
  let hits: i32 = 0;
  let fp = first;
  let fold = folds;
  const p0 = v128.load(planes, 0);
  const p1 = v128.load(planes, 16);
  for (let row: i32 = 0; row < rows; row++) {
    if (planeCount > 0) {
      const f0 = v128.load(fold, 0);
      const f1 = v128.load(fold, 16);
      fold += FOLD_BYTES;
      // Horner over the planes, doubling in between: a byte lane reaches at most 16 x 15 = 240.
      let bound = i8x16.add(i8x16.popcnt(v128.and(f0, p0)), i8x16.popcnt(v128.and(f1, p1)));
      for (let j: i32 = 1; j < planeCount; j++) {
        const plane = planes + (<usize>j << 5);
        bound = i8x16.add(bound, bound);
        bound = i8x16.add(bound, i8x16.add(i8x16.popcnt(v128.and(f0, v128.load(plane, 0))), i8x16.popcnt(v128.and(f1, v128.load(plane, 16)))));
      }
      if (byteSum(bound) < minCommon) {
        fp += FINGERPRINT_BYTES;
        continue;
      }
    }
    const common = commonBits(query, fp);
    if (common >= minCommon) record(out, hits++, row, common);
    fp += FINGERPRINT_BYTES;
  }
  return hits;
}

/** Writes the 32-byte fold of each of `rows` fingerprints starting at `first` to `folds`. */
export function foldRows(first: usize, folds: usize, rows: i32): void {
  let fp = first;
  let fold = folds;
  for (let row: i32 = 0; row < rows; row++) {
    let lo = v128.load(fp, 0);
    let hi = v128.load(fp, 16);
    for (let k: usize = 32; k < FINGERPRINT_BYTES; k += 32) {
      lo = v128.or(lo, v128.load(fp + k, 0));
      hi = v128.or(hi, v128.load(fp + k, 16));
    }
    v128.store(fold, lo, 0);
    v128.store(fold, hi, 16);
    fp += FINGERPRINT_BYTES;
    fold += FOLD_BYTES;
  }
}

// The fold bound from the folds' bit columns (a catalogue's fold bits file, format/fingerprint-fold.ts):
// column i holds fold bit i of every row, one bit a row, so a v128 of it is bit i of 128 rows. The bound
// sum over fold bits i of w(i) needs only the columns of the query's groups (w(i) > 0, a few dozen of
// 256), added with w(i) as bit-sliced counters: plane j of 128 rows holds bit j of each row's sum.
// About three vector operations a row instead of a 32-byte read and four popcounts.

/**
 * Rows of groups [firstGroup, endGroup) (group g = rows 128 g .. 128 g + 127) whose fold bound reaches
 * `minCommon`, written as u32 row numbers to `out`; returns how many. `terms` holds `termCount` pairs of
 * u32: the address of a column's group 0 and the level (0..3) at which it adds, a column of weight w
 * being one term per set bit of w. Sums are counted on as many planes as `minCommon` needs (at most 8);
 * a sum that overflows them passes, so no row that reaches `minCommon` is ever left out.
 */
export function foldBitsBound(terms: usize, termCount: i32, firstGroup: i32, endGroup: i32, minCommon: i32, out: usize): i32 {
  const target = min(minCommon, 255);
  const levels = target <= 0 ? 0 : 32 - clz(target);
  let hits: i32 = 0;
  for (let g = firstGroup; g < endGroup; g++) {
    const at = <usize>g << 4;
    let c0 = i64x2.splat(0), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0, over = c0;
    for (let k: i32 = 0; k < termCount; k++) {
      const term = terms + (<usize>k << 3);
      let carry = v128.load(<usize>load<u32>(term) + at);
      const start = <i32>load<u32>(term, 4);
      // Ripple-add the term at plane `start`; planes at or above `levels` are not kept: their carry is an overflow.
      if (start == 0 && levels > 0) { const t = v128.and(c0, carry); c0 = v128.xor(c0, carry); carry = t; }
      if (start <= 1 && levels > 1) { const t = v128.and(c1, carry); c1 = v128.xor(c1, carry); carry = t; }
      if (start <= 2 && levels > 2) { const t = v128.and(c2, carry); c2 = v128.xor(c2, carry); carry = t; }
      if (start <= 3 && levels > 3) { const t = v128.and(c3, carry); c3 = v128.xor(c3, carry); carry = t; }
      if (levels > 4) { const t = v128.and(c4, carry); c4 = v128.xor(c4, carry); carry = t; }
      if (levels > 5) { const t = v128.and(c5, carry); c5 = v128.xor(c5, carry); carry = t; }
      if (levels > 6) { const t = v128.and(c6, carry); c6 = v128.xor(c6, carry); carry = t; }
      if (levels > 7) { const t = v128.and(c7, carry); c7 = v128.xor(c7, carry); carry = t; }
      over = v128.or(over, carry);
    }
    // sum >= target, plane by plane from the highest: rows still equal so far, and rows already above.
    let above = over;
    let equal = v128.not(over);
    if (levels > 7) { if ((target >> 7) & 1) equal = v128.and(equal, c7); else { above = v128.or(above, v128.and(equal, c7)); equal = v128.andnot(equal, c7); } }
    if (levels > 6) { if ((target >> 6) & 1) equal = v128.and(equal, c6); else { above = v128.or(above, v128.and(equal, c6)); equal = v128.andnot(equal, c6); } }
    if (levels > 5) { if ((target >> 5) & 1) equal = v128.and(equal, c5); else { above = v128.or(above, v128.and(equal, c5)); equal = v128.andnot(equal, c5); } }
    if (levels > 4) { if ((target >> 4) & 1) equal = v128.and(equal, c4); else { above = v128.or(above, v128.and(equal, c4)); equal = v128.andnot(equal, c4); } }
    if (levels > 3) { if ((target >> 3) & 1) equal = v128.and(equal, c3); else { above = v128.or(above, v128.and(equal, c3)); equal = v128.andnot(equal, c3); } }
    if (levels > 2) { if ((target >> 2) & 1) equal = v128.and(equal, c2); else { above = v128.or(above, v128.and(equal, c2)); equal = v128.andnot(equal, c2); } }
    if (levels > 1) { if ((target >> 1) & 1) equal = v128.and(equal, c1); else { above = v128.or(above, v128.and(equal, c1)); equal = v128.andnot(equal, c1); } }
    if (levels > 0) { if (target & 1) equal = v128.and(equal, c0); else { above = v128.or(above, v128.and(equal, c0)); equal = v128.andnot(equal, c0); } }
    const pass = v128.or(above, equal);
    if (!v128.any_true(pass)) continue;
    for (let half: i32 = 0; half < 2; half++) {
      let bits = half == 0 ? i64x2.extract_lane(pass, 0) : i64x2.extract_lane(pass, 1);
      while (bits != 0) {
        store<u32>(out + (<usize>hits << 2), <u32>((g << 7) + (half << 6) + <i32>ctz(bits)));
        hits++;
        bits &= bits - 1;
      }
    }
  }
  return hits;
}
