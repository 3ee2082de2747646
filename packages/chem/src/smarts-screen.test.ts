import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphFromRDKitJson } from './mol-graph.ts';
import { QED_ALERT_SMARTS } from './qed-alerts.ts';
import { loadRDKit, rdkit, withMol } from './rdkit.ts';
import { PatternScreen, moleculeKinds, patternNeeds, screenNeeds } from './smarts-screen.ts';
import { keyCode, keyText } from './screen-keys.ts';

// Real structures of Debian's rdkit-data (installed by the demo and CI), as written: salts, charges and all.
const NCI = '/usr/share/RDKit/Data/NCI/first_5K.smi';
/** Molecules with what the screen keys on: charges, isotopes, metals, silicon, halogens, aromatic sulfur. */
const CHOSEN = [
  'C[N+](C)(C)C', '[15NH3]', 'O=[N+]([O-])c1ccccc1', 'C[Si](C)(C)Cl', 'CC(=O)O[Hg]C', 'c1ccsc1Br', '[13CH3]C(=O)O',
  'CC(=O)[O-].[Na+]', 'N=[N+]=[N-]', 'FC(F)(F)S(=O)(=O)OC', 'C1CC[Se]C1', 'c1cc[se]c1', 'ICC#N', 'Cn1cc[n+](C)c1',
  // ... and bonds and rings: alkynes, aliphatic C=C and C=N, an epoxide, an aziridine, a cyclopropane, a Michael acceptor.
  'C#CC(=O)C', 'CC#CC(=O)OC', 'C=CC(=O)C', 'CC(C)=C(C)C', 'C1OC1c1ccccc1', 'C1CN1', 'C1CC1C(=O)O', 'O=C1C=CC(=O)C=C1',
  'CC=NC', 'N#CC=Cc1ccccc1', 'CC(=S)N', 'O=C(Cl)c1ccccc1', 'ClC(=O)C(=O)Cl',
];

beforeAll(async () => {
  await loadRDKit();
});

describe('the SMARTS screen', () => {
  it('reads what bracket and organic-subset atoms need, and nothing it cannot pin down', () => {
    const atoms = (smarts: string) => patternNeeds(smarts).atoms;
    expect(atoms('[CR1]C(=O)Cl')).toEqual([['6A'], ['6A'], ['8A'], ['17A']]);
    expect(atoms('[#7;R0][c,n]')).toEqual([['7'], ['6a', '7a']]);
    expect(atoms('[O-,OH]')).toEqual([['8A+', '8A']]);
    expect(atoms('[N+0X3][n+]')).toEqual([['7A'], ['7a+']]);
    expect(atoms('[15N]')).toEqual([['7i']]);
    // The first clause that narrows serves: (C or N) and in a ring.
    expect(atoms('[C,N;R]')).toEqual([['6A', '7A']]);
    // A recursive SMARTS needs what its first atom needs, one of them what each alternative's first atom needs.
    expect(atoms('[$(CC)]')).toEqual([['6A']]);
    expect(atoms('[$([CH2]),$([NH][CX4])]')).toEqual([['6A', '7A']]);
    // Negation, any atom, hydrogen, primitives, elements it does not list, a recursive SMARTS opening with any atom: nothing.
    for (const smarts of ['[!#6]', '*', '[*]', '[H]', '[R0;D2]', '[C,H1]', '[Co]', '[!C]', '[N!+]', '[!$(CC)]', '[$(*C)]']) {
      expect(atoms(smarts).flat(), smarts).toEqual(smarts === '[N!+]' ? ['7A'] : []);
    }
    expect(atoms('a1aaaaa1A')).toEqual([['a'], ['a'], ['a'], ['a'], ['a'], ['a'], ['A']]);
  });

  it('reads the bonds a pattern needs, by order and atoms or by elements, and the lengths of its rings', () => {
    const ordered = (smarts: string) => patternNeeds(smarts).bonds.filter((keys) => !keys.some((key) => /[~@]/.test(key)));
    const anyOrder = (smarts: string) => patternNeeds(smarts).bonds.filter((keys) => keys.some((key) => /[~@]/.test(key)));
    expect(ordered('C#N')).toEqual([['6A#7A']]);
    expect(ordered('[S,C](=[O,S])Cl')).toEqual([['16A=8A', '16A=16A', '6A=8A', '6A=16A']]);
    // A ring closure carries its bond from either end; a bond in or out of a ring is still a double bond.
    expect(ordered('C=1CCCC1')).toEqual([['6A=6A']]);
    expect(ordered('C1CCCC=1')).toEqual([['6A=6A']]);
    expect(ordered('C=!@C')).toEqual([['6A=6A']]);
    expect(ordered('*=[#8]')).toEqual([['*=8']]);
    // Single, aromatic, any, directional, negated and listed bonds need no order; a branch closes where it opened.
    for (const smarts of ['CC', 'C-C', 'c:c', 'C~C', 'C/C=C/C', 'C!=C', 'C=,#C', 'C(C)C', 'CC.CC']) {
      expect(ordered(smarts).filter((keys) => !keys.includes('6A=6A')), smarts).toEqual([]);
    }
    expect(ordered('C(C)=O')).toEqual([['6A=8A']]);
    // Any bond joins its elements; one written `@`, or in one of the pattern's rings, joins them in a ring.
    expect(anyOrder('[OR0,NR0][OR0,NR0]')).toEqual([['8~8', '8~7', '7~8', '7~7']]);
    expect(anyOrder('[#8]!@[#6]')).toEqual([['8~6']]);
    expect(anyOrder('[#8]@[#6]')).toEqual([['8@6']]);
    expect(anyOrder('C1CO1')).toEqual([['6@6'], ['6@8'], ['6@8']]);
    expect(anyOrder('C(O)c1ccccc1').slice(0, 2)).toEqual([['6~8'], ['6~6']]);
    // An atom that may be any element needs no bond by elements.
    expect(anyOrder('*O')).toEqual([]);
    expect(anyOrder('[!#6]O')).toEqual([]);
    expect(patternNeeds('*1[O,S,N]*1').cycles).toEqual([3]);
    expect(patternNeeds('C1CCC1').cycles).toEqual([4]);
    expect(patternNeeds('C(C)C').cycles).toEqual([]);
    // Two fused six-membered rings hold a ten-membered cycle around both; three fused in a row a fourteen, and
    // their outer rings, sharing no atom, twelve bonds together.
    expect(new Set(patternNeeds('c1ccc2ccccc2c1').cycles)).toEqual(new Set([6, 10]));
    expect(new Set(patternNeeds('a21aa3a(aa1aaaa2)aaaa3').cycles)).toEqual(new Set([6, 10, 12, 14]));
  });

  it('reads the bonds and rings a molecule holds', () => {
    const kinds = (smiles: string) => withMol(smiles, (mol) => moleculeKinds(graphFromRDKitJson(mol.get_json())))!;
    const holds = (smiles: string, key: string) => kinds(smiles).bonds.has(keyCode(key));
    expect(holds('CC#N', '6A#7A')).toBe(true);
    expect(holds('CC#N', '7#6')).toBe(true);
    // Benzene's Kekulé double bonds are aromatic: no `=` matches them.
    expect([...kinds('c1ccccc1C').bonds].map(keyText).filter((key) => !/[~@]/.test(key))).toEqual([]);
    expect(holds('c1ccccc1C', '6@6')).toBe(true);
    expect(holds('CO', '8~6')).toBe(true);
    expect(holds('CO', '8@6')).toBe(false);
    expect([...kinds('C[15NH3+]').atoms].map(keyText).sort()).toEqual(['*', '6', '6A', '7', '7+', '7A', '7A+', '7i', 'A']);
    expect(kinds('C1CO1').cycles).toEqual(new Set([3]));
    expect(kinds('C1CCC1').cycles).toEqual(new Set([4]));
    // Indole: a five- and a six-membered ring and the nine-membered cycle around both; no seven.
    expect(kinds('c1ccc2[nH]ccc2c1').cycles).toEqual(new Set([5, 6, 9]));
    // Spiro rings share an atom, not a bond: no cycle runs around both.
    expect(kinds('C1CCC2(CC1)CCC2').cycles).toEqual(new Set([4, 6]));
    // Two rings sharing no atom count together too, as a pattern's do.
    expect(kinds('C1CC1CC1CC1').cycles).toEqual(new Set([3, 6]));
  });

  it('writes every key the alerts need as a number and reads it back', () => {
    const keys = QED_ALERT_SMARTS.flatMap((smarts) => {
      const needs = patternNeeds(smarts);
      return [...needs.atoms, ...needs.bonds].flat();
    });
    expect(keys.length).toBeGreaterThan(200);
    for (const key of keys) expect(keyText(keyCode(key))).toBe(key);
    expect(new Set(keys.map(keyCode)).size).toBe(new Set(keys).size);
    expect(() => keyCode('7x')).toThrow(SyntaxError);
  });

  it('never skips a QED alert a molecule matches, on 5,000 NCI compounds and chosen edge cases', () => {
    const module = rdkit();
    const alerts = QED_ALERT_SMARTS.map((smarts) => module.get_qmol(smarts)!);
    const needs = QED_ALERT_SMARTS.map((smarts) => screenNeeds(patternNeeds(smarts)));
    const screen = new PatternScreen(needs);
    const lines = readFileSync(NCI, 'utf8').split('\n').filter((line) => line.trim().length > 0);
    // The atom kinds alone, as the screen read before bonds and rings, to show what they add.
    const atomsOnly = new PatternScreen(needs.map((need) => ({ ...need, bonds: [], cycles: [] })));
    let searches = 0;
    let skipped = 0;
    let skippedByAtoms = 0;
    let matched = 0;
    for (const smiles of [...CHOSEN, ...lines.map((line) => line.split(/\s/)[0]!)]) {
      withMol(smiles, (mol) => {
        const graph = graphFromRDKitJson(mol.get_json());
        const screened = screen.screen(graph);
        const screenedByAtoms = atomsOnly.screen(graph);
        alerts.forEach((alert, i) => {
          searches++;
          const matches = mol.get_substruct_match(alert) !== '{}';
          if (matches) matched++;
          if (screenedByAtoms[i] === 0) skippedByAtoms++;
          if (screened[i] === 0) {
            skipped++;
            expect(matches, `${QED_ALERT_SMARTS[i]} in ${smiles}`).toBe(false);
          }
        });
      });
    }
    expect(matched).toBeGreaterThan(1000);
    // The screen earns its keep: most molecules lack what many alerts need (atoms alone skip 63 % of these
    // searches), and the bonds and rings skip many more (89 %; 79 % by double and triple bonds and
    // three-membered rings alone).
    expect(skippedByAtoms / searches).toBeGreaterThan(0.5);
    expect(skipped / searches).toBeGreaterThan(skippedByAtoms / searches + 0.2);
  });
});
