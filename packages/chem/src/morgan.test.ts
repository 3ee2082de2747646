import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from './rdkit.ts';
import { fingerprintBit, morganFingerprint, MORGAN_BITS } from './morgan.ts';
import { describeRow, reference2dRows } from './rdkit-2d-reference.fixture.ts';

beforeAll(async () => {
  await loadRDKit();
});

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

describe('morganFingerprint', () => {
  it('equals RDKit 2022.09 bit for bit on every reference molecule', () => {
    const rows = reference2dRows();
    expect(rows.length).toBeGreaterThan(2400);
    let mismatchingBits = 0;
    const mismatchingMolecules: string[] = [];
    for (const row of rows) {
      const fp = withMol(row.smiles, morganFingerprint);
      expect(fp, describeRow(row)).toBeDefined();
      if (!fp) continue;
      const expected = hexToBytes(row.morgan);
      let bits = 0;
      for (let bit = 0; bit < MORGAN_BITS; bit++) if (fingerprintBit(fp, bit) !== fingerprintBit(expected, bit)) bits++;
      if (bits > 0) mismatchingMolecules.push(`${describeRow(row)}: ${bits} bits`);
      mismatchingBits += bits;
    }
    expect(mismatchingMolecules).toEqual([]);
    expect(mismatchingBits).toBe(0);
  });
});
