import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHEMISTRY_MESSAGES, ChemistryError } from './chemistry-error.ts';
import { depictSvg } from './depiction.ts';
import { DEFAULT_MOLECULE_LIMITS, setMoleculeLimits } from './molecule-size.ts';
import { morganFingerprint } from './morgan.ts';
import { checkRDKit, loadRDKit, rdkit, rdkitHealth, withMol } from './rdkit.ts';
import { validateSmiles } from './validate-smiles.ts';

/** A straight chain this long traps RDKit's WebAssembly parser (out-of-bounds memory access); from 850 drawing does. */
const TRAPPING_CHAIN = 'C'.repeat(900);

describe('a module that cannot be poisoned', () => {
  let ethanolFingerprint: Uint8Array;
  beforeAll(async () => {
    await loadRDKit();
    ethanolFingerprint = withMol('CCO', morganFingerprint)!;
  });
  afterEach(() => setMoleculeLimits(DEFAULT_MOLECULE_LIMITS));

  it('refuses a chain that would trap the toolkit before parsing it', () => {
    const faults = rdkitHealth().faults;
    expect(() => depictSvg(TRAPPING_CHAIN)).toThrow(ChemistryError);
    expect(() => depictSvg(TRAPPING_CHAIN)).toThrow('900 heavy atoms (at most 350)');
    expect(validateSmiles(TRAPPING_CHAIN)).toEqual({ ok: false, message: `${CHEMISTRY_MESSAGES.tooComplex}: 900 heavy atoms (at most 350)` });
    expect(rdkitHealth().faults).toBe(faults);
  });

  it('answers the molecule that trapped it as too complex and serves the next one normally', async () => {
    // Past the limits, the molecule reaches RDKit and traps it: the situation the limits exist for.
    setMoleculeLimits({ heavyAtoms: 5000 });
    const faults = rdkitHealth().faults;
    const before = rdkit();
    let refused: unknown;
    try {
      depictSvg(TRAPPING_CHAIN);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ChemistryError);
    expect((refused as ChemistryError).code).toBe('MOLECULE_TOO_COMPLEX');
    expect((refused as ChemistryError).message).toBe(CHEMISTRY_MESSAGES.tooComplex);
    expect(rdkitHealth().faults).toBe(faults + 1);
    await loadRDKit();
    expect(rdkit()).not.toBe(before);
    expect(rdkitHealth().state).toBe('ready');
    expect(validateSmiles('CCO')).toEqual({ ok: true, smiles: 'CCO' });
    expect(withMol('CCO', morganFingerprint)).toEqual(ethanolFingerprint);
  });

  it('swaps in a spare at once after the first fault, so even the very next call is served', async () => {
    setMoleculeLimits({ heavyAtoms: 5000 });
    expect(() => depictSvg(TRAPPING_CHAIN)).toThrow(ChemistryError);
    await loadRDKit();
    // The spare loads in the background after a fault; give it the time a load takes.
    for (let i = 0; i < 100 && !rdkitHealth().spare; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rdkitHealth().spare).toBe(true);
    const faults = rdkitHealth().faults;
    expect(() => depictSvg(TRAPPING_CHAIN)).toThrow(ChemistryError);
    expect(rdkitHealth().faults).toBe(faults + 1);
    // No await in between: the spare took over synchronously.
    expect(rdkitHealth().state).toBe('ready');
    expect(withMol('CCO', morganFingerprint)).toEqual(ethanolFingerprint);
  });

  it('finds a module broken behind its back on the health check and replaces it', async () => {
    setMoleculeLimits({ heavyAtoms: 5000 });
    const broken = rdkit();
    // Outside withMol nothing notices the trap...
    expect(() => broken.get_mol(TRAPPING_CHAIN)).toThrow();
    // ...until the health check tries a trivial molecule.
    const state = checkRDKit();
    expect(['replacing', 'ready']).toContain(state);
    await loadRDKit();
    expect(rdkit()).not.toBe(broken);
    expect(checkRDKit()).toBe('ready');
    expect(withMol('CCO', morganFingerprint)).toEqual(ethanolFingerprint);
  });
});

