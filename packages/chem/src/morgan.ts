import type { RDKitMol } from './rdkit.ts';

export const MORGAN_RADIUS = 2;
export const MORGAN_BITS = 2048;
export const MORGAN_BYTES = MORGAN_BITS / 8;

// RDKit's JS option is `nBits`; `fpSize` is silently ignored and would give the 2048-bit default anyway,
// which hides the mistake until someone changes the size.
const MORGAN_OPTIONS = JSON.stringify({ radius: MORGAN_RADIUS, nBits: MORGAN_BITS });

/**
 * Morgan (ECFP4-like) fingerprint, radius 2, 2048 bits, as RDKit computes it.
 * Bytes are LSB-first: bit i is `(bytes[i >> 3] >> (i & 7)) & 1`.
 */
export function morganFingerprint(mol: RDKitMol): Uint8Array {
  return new Uint8Array(mol.get_morgan_fp_as_uint8array(MORGAN_OPTIONS) as Uint8Array);
}

export function fingerprintBit(fp: Uint8Array, bit: number): boolean {
  return (((fp[bit >> 3] ?? 0) >> (bit & 7)) & 1) === 1;
}

export function fingerprintToHex(fp: Uint8Array): string {
  let hex = '';
  for (const byte of fp) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function popcount(fp: Uint8Array): number {
  let count = 0;
  for (const byte of fp) count += popcount8(byte);
  return count;
}

export function tanimoto(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    both += popcount8(x & y);
    either += popcount8(x | y);
  }
  return either === 0 ? 0 : both / either;
}

function popcount8(v: number): number {
  let b = v;
  let count = 0;
  while (b) {
    b &= b - 1;
    count++;
  }
  return count;
}
