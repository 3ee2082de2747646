import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from './rdkit.ts';
import { computeProperties, formatPropertyValue, moleculeProperties, PROPERTY_COLUMNS } from './properties.ts';
import type { MoleculeProperties } from './properties.ts';
import { qedFromInputs, qedInputs } from './qed.ts';
import type { QedDescriptors } from './qed.ts';
import { describeRow, reference2dRows } from './rdkit-2d-reference.fixture.ts';
import type { Reference2dRow } from './rdkit-2d-reference.fixture.ts';

const QED_TOLERANCE = 1e-3;

interface Computed { row: Reference2dRow; properties: MoleculeProperties; qedWithReferenceRotors: number }

let computed: Computed[] = [];

beforeAll(async () => {
  await loadRDKit();
  computed = reference2dRows().map((row) => {
    const result = withMol(row.smiles, (mol) => {
      const properties = moleculeProperties(mol);
      // QED as RDKit 2022.09 would get it if only the rotatable-bond count differs (see the rotor test).
      const qedWithReferenceRotors = properties.rotatable_bonds === row.rotatable_bonds
        ? properties.qed
        : qedFromInputs({ ...qedInputs(mol, JSON.parse(mol.get_descriptors()) as QedDescriptors), rotb: row.rotatable_bonds });
      return { properties, qedWithReferenceRotors };
    });
    if (!result) throw new Error(`RDKit could not parse reference molecule ${describeRow(row)}`);
    return { row, ...result };
  });
});

/** Rows where `differs` holds, as readable lines for a failing assertion. */
function failures(differs: (c: Computed) => boolean, show: (c: Computed) => string): string[] {
  return computed.filter(differs).map((c) => `${describeRow(c.row)}: ${show(c)}`);
}

describe('computeProperties against RDKit 2022.09', () => {
  it('covers the whole reference set', () => {
    expect(computed.length).toBe(reference2dRows().length);
    expect(computed.length).toBeGreaterThan(2400);
  });

  it('matches QED within 1e-3 on every molecule', () => {
    let worst = { difference: 0, molecule: '' };
    const tooFar = failures(
      (c) => {
        // 2022.09 keeps D and T atoms explicit, so it counts CD3-O as a rotatable bond; only such
        // molecules may differ, and then only through that count.
        const difference = Math.abs(c.qedWithReferenceRotors - c.row.qed);
        if (difference > worst.difference) worst = { difference, molecule: describeRow(c.row) };
        return difference > QED_TOLERANCE;
      },
      (c) => `${c.properties.qed} vs ${c.row.qed}`,
    );
    expect(tooFar, `worst: ${worst.difference} for ${worst.molecule}`).toEqual([]);
  });

  it('differs in rotatable bonds only where the reference keeps isotopic hydrogens explicit', () => {
    expect(failures((c) => c.properties.rotatable_bonds !== c.row.rotatable_bonds_plain_h, (c) => `${c.properties.rotatable_bonds} vs ${c.row.rotatable_bonds_plain_h}`)).toEqual([]);
    const isotopic = computed.filter((c) => c.row.rotatable_bonds !== c.row.rotatable_bonds_plain_h);
    expect(isotopic.every((c) => c.row.smiles.includes('[2H]') || c.row.smiles.includes('[3H]'))).toBe(true);
  });

  it('matches masses, cLogP, TPSA and fraction sp3', () => {
    const close = (a: number, b: number, tolerance: number): boolean => Math.abs(a - b) <= tolerance;
    expect(failures((c) => !close(c.properties.mw, c.row.mw, 1e-3), (c) => `mw ${c.properties.mw} vs ${c.row.mw}`)).toEqual([]);
    expect(failures((c) => !close(c.properties.exact_mass, c.row.exact_mass, 1e-4), (c) => `exact ${c.properties.exact_mass} vs ${c.row.exact_mass}`)).toEqual([]);
    expect(failures((c) => !close(c.properties.clogp, c.row.clogp, 1e-6), (c) => `clogp ${c.properties.clogp} vs ${c.row.clogp}`)).toEqual([]);
    expect(failures((c) => !close(c.properties.tpsa, c.row.tpsa, 1e-6), (c) => `tpsa ${c.properties.tpsa} vs ${c.row.tpsa}`)).toEqual([]);
    expect(failures((c) => !close(c.properties.fraction_sp3, c.row.fraction_sp3, 1e-9), (c) => `fsp3 ${c.properties.fraction_sp3} vs ${c.row.fraction_sp3}`)).toEqual([]);
  });

  it('matches counts and the formula', () => {
    const p = (c: Computed): MoleculeProperties => c.properties;
    expect(failures((c) => p(c).formula !== c.row.formula, (c) => `${p(c).formula} vs ${c.row.formula}`)).toEqual([]);
    expect(failures((c) => p(c).hbd !== c.row.hbd, (c) => `hbd ${p(c).hbd} vs ${c.row.hbd}`)).toEqual([]);
    expect(failures((c) => p(c).heavy_atoms !== c.row.heavy_atoms, (c) => `heavy ${p(c).heavy_atoms} vs ${c.row.heavy_atoms}`)).toEqual([]);
    expect(failures((c) => p(c).aromatic_rings !== c.row.aromatic_rings, (c) => `arom ${p(c).aromatic_rings} vs ${c.row.aromatic_rings}`)).toEqual([]);
    const lipinski = (c: Computed): number =>
      Number(c.row.mw > 500) + Number(c.row.clogp > 5) + Number(c.row.lipinski_hbd > 5) + Number(c.row.lipinski_hba > 10);
    expect(failures((c) => p(c).lipinski_violations !== lipinski(c), (c) => `lipinski ${p(c).lipinski_violations} vs ${lipinski(c)}`)).toEqual([]);
    const veber = (c: Computed): boolean => c.row.rotatable_bonds_plain_h <= 10 && c.row.tpsa <= 140;
    expect(failures((c) => p(c).veber_pass !== veber(c), (c) => `veber ${p(c).veber_pass}`)).toEqual([]);
  });

  it('counts acceptors with the corrected aromatic-N rule of RDKit 2026 (issue #8997)', () => {
    // 2022.09 also counted three-connected aromatic N (N-alkyl pyrroles, pyridones) as acceptors.
    expect(failures((c) => c.properties.hba !== c.row.hba_nx2, (c) => `hba ${c.properties.hba} vs ${c.row.hba_nx2}`)).toEqual([]);
    const changed = computed.filter((c) => c.row.hba !== c.row.hba_nx2).length;
    expect(changed).toBeGreaterThan(0);
  });

  it('counts stereocentres as 2022.09 does, except three-connected ring N that only its legacy perception counts', () => {
    expect(
      failures(
        (c) => c.properties.stereo_centres !== c.row.stereo_centres && c.properties.stereo_centres !== c.row.stereo_centres - c.row.stereo_centres_ring_n,
        (c) => `stereo ${c.properties.stereo_centres} vs ${c.row.stereo_centres} (ring N ${c.row.stereo_centres_ring_n})`,
      ),
    ).toEqual([]);
  });
});

describe('property columns', () => {
  it('describe every property once, in the panel order', () => {
    const keys = PROPERTY_COLUMNS.map((column) => column.key);
    expect(keys).toEqual([
      'mw', 'exact_mass', 'formula', 'clogp', 'tpsa', 'hbd', 'hba', 'rotatable_bonds', 'heavy_atoms',
      'aromatic_rings', 'fraction_sp3', 'stereo_centres', 'lipinski_violations', 'veber_pass', 'qed',
    ]);
  });

  it('format values with the column decimals', () => {
    const aspirin = computeProperties('CC(=O)Oc1ccccc1C(=O)O');
    expect(aspirin).toBeDefined();
    if (!aspirin) return;
    const row = Object.fromEntries(PROPERTY_COLUMNS.map((column) => [column.key, formatPropertyValue(aspirin, column)]));
    expect(row.mw).toBe(aspirin.mw.toFixed(2));
    expect(row.formula).toBe(aspirin.formula);
    expect(row.hbd).toBe(String(aspirin.hbd));
    expect(row.veber_pass).toBe(String(aspirin.veber_pass));
  });

  it('returns undefined for a SMILES RDKit cannot parse', () => {
    expect(computeProperties('C1CC')).toBeUndefined();
    expect(computeProperties('not a molecule')).toBeUndefined();
    expect(computeProperties('')).toBeUndefined();
  });
});
