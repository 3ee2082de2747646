// AssemblyScript source of the WebAssembly SIMD kernel for Morgan search (2048-bit fingerprints).
// Build: `npm run build:wasm -w @molsearch/engine` writes src/kernels/tanimoto-simd.wasm (committed)
// and the SHA-256 of this file next to it.
//
// The module imports a shared memory that holds the catalogue's fingerprint column, so every worker
// scans the same bytes. It never allocates: callers pass addresses into that memory.

const FINGERPRINT_BYTES: usize = 256;

/**
 * Counts the bits the query shares with each of `rows` consecutive fingerprints starting at `first`
 * and records the rows whose count reaches `minCommon` as (row offset, common bits) u32 pairs at `out`.
 * Returns the number of recorded rows.
 */
export function scanCommonBits(query: usize, first: usize, rows: i32, minCommon: i32, out: usize): i32 {
  // Sixteen 128-bit lanes cover the fingerprint; the query stays in registers for the whole scan.
  const q0 = v128.load(query, 0);
  const q1 = v128.load(query, 16);
  const q2 = v128.load(query, 32);
  const q3 = v128.load(query, 48);
  const q4 = v128.load(query, 64);
  const q5 = v128.load(query, 80);
  const q6 = v128.load(query, 96);
  const q7 = v128.load(query, 112);
  const q8 = v128.load(query, 128);
  const q9 = v128.load(query, 144);
  const q10 = v128.load(query, 160);
  const q11 = v128.load(query, 176);
  const q12 = v128.load(query, 192);
  const q13 = v128.load(query, 208);
  const q14 = v128.load(query, 224);
  const q15 = v128.load(query, 240);
  let hits: i32 = 0;
  let fp = first;
  for (let row: i32 = 0; row < rows; row++) {
    // Each byte lane sums at most 16 x 8 = 128 bits, so u8 accumulation cannot overflow.
    let acc = i8x16.popcnt(v128.and(q0, v128.load(fp, 0)));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q1, v128.load(fp, 16))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q2, v128.load(fp, 32))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q3, v128.load(fp, 48))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q4, v128.load(fp, 64))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q5, v128.load(fp, 80))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q6, v128.load(fp, 96))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q7, v128.load(fp, 112))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q8, v128.load(fp, 128))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q9, v128.load(fp, 144))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q10, v128.load(fp, 160))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q11, v128.load(fp, 176))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q12, v128.load(fp, 192))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q13, v128.load(fp, 208))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q14, v128.load(fp, 224))));
    acc = i8x16.add(acc, i8x16.popcnt(v128.and(q15, v128.load(fp, 240))));
    const pairs = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(acc));
    const common =
      i32x4.extract_lane(pairs, 0) + i32x4.extract_lane(pairs, 1) + i32x4.extract_lane(pairs, 2) + i32x4.extract_lane(pairs, 3);
    if (common >= minCommon) {
      store<u32>(out + (<usize>hits << 3), <u32>row);
      store<u32>(out + (<usize>hits << 3), <u32>common, 4);
      hits++;
    }
    fp += FINGERPRINT_BYTES;
  }
  return hits;
}
