// AssemblyScript source of the WebAssembly SIMD kernel that scans the stage-1 index vectors exhaustively
// (packages/engine/src/shape/index-scan.ts). Build: `npm run build:wasm:index -w @molsearch/engine` writes
// src/shape/index-scan.wasm (committed) and the SHA-256 of this file next to it.
//
// A vector is 1,050 bits in 132 bytes, as usearch stores them (format/shape-index-layout.ts). usearch
// clears only the 131 whole bytes before setting a vector's bits, so the last byte (bits 1,048 and 1,049,
// two corner voxels of the lattice that molecules hardly reach) keeps bits of earlier vectors: the scan
// leaves that byte out and compares 1,048 bits. The module
// owns its memory (no threads): the caller writes the probes and a block of rows and reads the scores.

const VECTOR_BYTES: usize = 132;
const TAIL_MASK: u32 = 0x00ffffff;

/** Sum of the 16 unsigned byte lanes. */
function byteSum(bytes: v128): i32 {
  const quads = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(bytes));
  const pairs = i32x4.add(quads, v128.shuffle<i32>(quads, quads, 2, 3, 2, 3));
  return i32x4.extract_lane(pairs, 0) + i32x4.extract_lane(pairs, 1);
}

/** Bytes 128-130 of the vector at `at` (byte 131 left out, see above). */
function tailWord(at: usize): u32 {
  return load<u32>(at + 128) & TAIL_MASK;
}

/** Set bits of the vector at `at`. */
export function vectorBits(at: usize): i32 {
  let sum = i8x16.popcnt(v128.load(at, 0));
  for (let k: usize = 16; k < 128; k += 16) sum = i8x16.add(sum, i8x16.popcnt(v128.load(at + k)));
  return byteSum(sum) + <i32>popcnt<u32>(tailWord(at));
}

/** Bits the vector at `row` (its first 128 bytes in v0..v7, the rest in `tail`) shares with the probe at `probe`. */
function commonBits(v0: v128, v1: v128, v2: v128, v3: v128, v4: v128, v5: v128, v6: v128, v7: v128, tail: u32, probe: usize): i32 {
  let a = i8x16.popcnt(v128.and(v0, v128.load(probe, 0)));
  let b = i8x16.popcnt(v128.and(v1, v128.load(probe, 16)));
  a = i8x16.add(a, i8x16.popcnt(v128.and(v2, v128.load(probe, 32))));
  b = i8x16.add(b, i8x16.popcnt(v128.and(v3, v128.load(probe, 48))));
  a = i8x16.add(a, i8x16.popcnt(v128.and(v4, v128.load(probe, 64))));
  b = i8x16.add(b, i8x16.popcnt(v128.and(v5, v128.load(probe, 80))));
  a = i8x16.add(a, i8x16.popcnt(v128.and(v6, v128.load(probe, 96))));
  b = i8x16.add(b, i8x16.popcnt(v128.and(v7, v128.load(probe, 112))));
  return byteSum(i8x16.add(a, b)) + <i32>popcnt<u32>(tail & load<u32>(probe + 128));
}

/**
 * Tanimoto of every pair of `rows` vectors from `first` and `probeCount` probes, as a bin of `bins`
 * (floor(bins x common / union)), the pass either counted into each probe's histogram at `histograms`
 * (u32, `bins` a probe; `cuts` unused) or, with `histograms` 0, compared with each probe's cut (i32 at
 * `cuts`): a row whose bin reaches the cut of any probe gets 1 at `marks` (u8 a row), else 0.
 */
export function binPass(probes: usize, probeBits: usize, probeCount: i32, first: usize, rows: i32, bins: i32, histograms: usize, cuts: usize, marks: usize): void {
  let row = first;
  for (let r: i32 = 0; r < rows; r++) {
    const own = vectorBits(row);
    let mark: u8 = 0;
    if (own > 0) {
      const v0 = v128.load(row, 0), v1 = v128.load(row, 16), v2 = v128.load(row, 32), v3 = v128.load(row, 48);
      const v4 = v128.load(row, 64), v5 = v128.load(row, 80), v6 = v128.load(row, 96), v7 = v128.load(row, 112);
      const tail = tailWord(row);
      let probe = probes;
      for (let p: i32 = 0; p < probeCount; p++) {
        const common = commonBits(v0, v1, v2, v3, v4, v5, v6, v7, tail, probe);
        const union = own + load<i32>(probeBits + (<usize>p << 2)) - common;
        const bin = min((common * bins) / union, bins - 1);
        if (histograms != 0) {
          const at = histograms + ((<usize>(p * bins + bin)) << 2);
          store<u32>(at, load<u32>(at) + 1);
        } else if (bin >= load<i32>(cuts + (<usize>p << 2))) {
          mark = 1;
        }
        probe += VECTOR_BYTES;
      }
    }
    if (histograms == 0) store<u8>(marks + <usize>r, mark);
    row += VECTOR_BYTES;
  }
}

/**
 * For each of `rows` vectors from `first` (132 bytes apart), its best Tanimoto over the `probeCount`
 * probes at `probes` (132 bytes apart, their set bits at `probeBits` as i32), written as f32 to `out`;
 * 0 for an empty vector. Each byte lane of a sum counts at most 8 x 8 = 64 bits.
 */
export function bestTanimoto(probes: usize, probeBits: usize, probeCount: i32, first: usize, rows: i32, out: usize): void {
  let row = first;
  for (let r: i32 = 0; r < rows; r++) {
    const own = vectorBits(row);
    let best: f32 = 0;
    if (own > 0) {
      const v0 = v128.load(row, 0), v1 = v128.load(row, 16), v2 = v128.load(row, 32), v3 = v128.load(row, 48);
      const v4 = v128.load(row, 64), v5 = v128.load(row, 80), v6 = v128.load(row, 96), v7 = v128.load(row, 112);
      const tail = tailWord(row);
      let probe = probes;
      for (let p: i32 = 0; p < probeCount; p++) {
        const common = commonBits(v0, v1, v2, v3, v4, v5, v6, v7, tail, probe);
        const union = own + load<i32>(probeBits + (<usize>p << 2)) - common;
        const t = <f32>common / <f32>union;
        if (t > best) best = t;
        probe += VECTOR_BYTES;
      }
    }
    store<f32>(out + (<usize>r << 2), best);
    row += VECTOR_BYTES;
  }
}
