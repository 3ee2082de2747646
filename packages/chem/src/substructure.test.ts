import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from './rdkit.ts';
import { SubstructureMatcher, checkSubstructure } from './substructure.ts';

describe('required substructure', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('reads a drawn SMILES as SMILES and query features as SMARTS', () => {
    expect(checkSubstructure('c1ccccc1')).toEqual({ ok: true, kind: 'smiles' });
    expect(checkSubstructure('[#6]-[#7;H1]-C(=O)')).toEqual({ ok: true, kind: 'smarts' });
    // RDKit would read this as SMILES too, with [#6] an aliphatic carbon only; as SMARTS it is any carbon.
    expect(checkSubstructure('[#6]C(=O)N[#6]')).toEqual({ ok: true, kind: 'smarts' });
    expect(checkSubstructure('  ')).toMatchObject({ ok: false, message: expect.stringContaining('empty') });
    expect(checkSubstructure('C1CC(')).toMatchObject({ ok: false, message: expect.stringContaining('neither a valid SMILES nor a valid SMARTS') });
  });

  it('matches molecules that contain it, and no others', () => {
    const amide = new SubstructureMatcher('[CX3](=O)[NX3;H1]');
    const benzene = new SubstructureMatcher('c1ccccc1');
    try {
      expect(amide.kind).toBe('smarts');
      expect(amide.matches('CC(=O)Nc1ccc(O)cc1')).toBe(true);
      expect(amide.matches('CC(=O)Oc1ccccc1C(=O)O')).toBe(false);
      expect(benzene.matches('CC(=O)Oc1ccccc1C(=O)O')).toBe(true);
      expect(benzene.matches('C1CCCCC1')).toBe(false);
      expect(benzene.matches('not a molecule')).toBe(false);
      const anyCarbon = new SubstructureMatcher('[#6]C(=O)N[#6]');
      expect(anyCarbon.matches('O=C(Nc1ccccc1)c1ccccc1')).toBe(true);
      anyCarbon.close();
    } finally {
      amide.close();
      benzene.close();
    }
  });
});
