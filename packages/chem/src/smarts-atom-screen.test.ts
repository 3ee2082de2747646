import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphFromRDKitJson } from './mol-graph.ts';
import { QED_ALERT_SMARTS } from './qed-alerts.ts';
import { loadRDKit, rdkit, withMol } from './rdkit.ts';
import { atomKinds, mayMatch, patternNeeds } from './smarts-atom-screen.ts';

// Real structures of Debian's rdkit-data (installed by the demo and CI), as written: salts, charges and all.
const NCI = '/usr/share/RDKit/Data/NCI/first_5K.smi';
/** Molecules with what the screen keys on: charges, isotopes, metals, silicon, halogens, aromatic sulfur. */
const CHOSEN = [
  'C[N+](C)(C)C', '[15NH3]', 'O=[N+]([O-])c1ccccc1', 'C[Si](C)(C)Cl', 'CC(=O)O[Hg]C', 'c1ccsc1Br', '[13CH3]C(=O)O',
  'CC(=O)[O-].[Na+]', 'N=[N+]=[N-]', 'FC(F)(F)S(=O)(=O)OC', 'C1CC[Se]C1', 'c1cc[se]c1', 'ICC#N', 'Cn1cc[n+](C)c1',
];

beforeAll(async () => {
  await loadRDKit();
});

describe('the SMARTS atom screen', () => {
  it('reads what bracket and organic-subset atoms need, and nothing it cannot pin down', () => {
    expect(patternNeeds('[CR1]C(=O)Cl')).toEqual([['6A'], ['6A'], ['8A'], ['17A']]);
    expect(patternNeeds('[#7;R0][c,n]')).toEqual([['7'], ['6a', '7a']]);
    expect(patternNeeds('[O-,OH]')).toEqual([['8A+', '8A']]);
    expect(patternNeeds('[N+0X3][n+]')).toEqual([['7A'], ['7a+']]);
    expect(patternNeeds('[15N]')).toEqual([['7i']]);
    // The first clause that narrows serves: (C or N) and in a ring.
    expect(patternNeeds('[C,N;R]')).toEqual([['6A', '7A']]);
    // Recursive SMARTS, negation, any atom, hydrogen, primitives, elements it does not list: nothing.
    for (const smarts of ['[$(CC)]', '[!#6]', '*', '[*]', '[H]', '[R0;D2]', '[C,H1]', '[Co]', '[!C]', '[N!+]']) {
      expect(patternNeeds(smarts).flat(), smarts).toEqual(smarts === '[N!+]' ? ['7A'] : []);
    }
    expect(patternNeeds('a1aaaaa1A')).toEqual([['a'], ['a'], ['a'], ['a'], ['a'], ['a'], ['A']]);
  });

  it('never skips a QED alert a molecule matches, on 2,000 NCI compounds and chosen edge cases', () => {
    const module = rdkit();
    const alerts = QED_ALERT_SMARTS.map((smarts) => module.get_qmol(smarts)!);
    const needs = QED_ALERT_SMARTS.map(patternNeeds);
    const lines = readFileSync(NCI, 'utf8').split('\n').filter((line) => line.trim().length > 0).slice(0, 2000);
    let searches = 0;
    let skipped = 0;
    let matched = 0;
    for (const smiles of [...CHOSEN, ...lines.map((line) => line.split(/\s/)[0]!)]) {
      withMol(smiles, (mol) => {
        const kinds = atomKinds(graphFromRDKitJson(mol.get_json()));
        alerts.forEach((alert, i) => {
          searches++;
          const matches = mol.get_substruct_match(alert) !== '{}';
          if (matches) matched++;
          if (!mayMatch(needs[i]!, kinds)) {
            skipped++;
            expect(matches, `${QED_ALERT_SMARTS[i]} in ${smiles}`).toBe(false);
          }
        });
      });
    }
    expect(matched).toBeGreaterThan(1000);
    // The screen earns its keep: most molecules lack what many alerts need.
    expect(skipped / searches).toBeGreaterThan(0.3);
  });
});
