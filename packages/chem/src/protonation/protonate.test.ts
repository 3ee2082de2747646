import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphFromRDKitJson, hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit, withMol } from '../rdkit.ts';
import { protonateAtPh74, protonatedGraph } from './protonate.ts';

const DRUGS = new Map(
  readFileSync(new URL('../../../../../shared/data/drugs.tsv', import.meta.url), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([name, smiles]) => [name ?? '', smiles ?? '']),
);

beforeAll(async () => {
  await loadRDKit();
});

/** The groups that changed, as "group:element±" sorted, and the net charge, for a SMILES or a drug name. */
function states(nameOrSmiles: string): { groups: string[]; net: number } {
  const smiles = DRUGS.get(nameOrSmiles) ?? nameOrSmiles;
  const graph = withMol(smiles, (mol) => graphFromRDKitJson(mol.get_json()));
  if (!graph) throw new Error(`unreadable: ${nameOrSmiles}`);
  const { graph: charged, sites } = protonateAtPh74(graph);
  const symbol: Record<number, string> = { 7: 'N', 8: 'O' };
  return {
    groups: sites.map((s) => `${s.group}:${symbol[graph.atoms[s.atom]!.atomicNumber]}${s.charge > 0 ? '+' : '-'}`).sort(),
    net: charged.atoms.reduce((sum, atom) => sum + atom.formalCharge, 0),
  };
}

describe('protonateAtPh74 on approved drugs', () => {
  it.each([
    ['ibuprofen', ['carboxylic_acid:O-'], -1],
    ['diclofenac', ['carboxylic_acid:O-'], -1],
    ['metformin', ['guanidine:N+'], 1],
    ['losartan', ['tetrazole:N-'], -1],
    ['valsartan', ['carboxylic_acid:O-', 'tetrazole:N-'], -2],
    ['glibenclamide', ['acyl_sulfonamide:N-'], -1],
    ['propranolol', ['aliphatic_amine:N+'], 1],
    ['amlodipine', ['aliphatic_amine:N+'], 1],
    ['lidocaine', ['aliphatic_amine:N+'], 1],
    ['morphine', ['aliphatic_amine:N+'], 1],
    ['pentamidine', ['amidine:N+', 'amidine:N+'], 2],
    ['chloroquine', ['aliphatic_amine:N+', 'aminopyridine:N+'], 2],
    ['fosfomycin', ['phosphonic_acid:O-'], -1],
  ])('%s', (name, groups, net) => {
    expect(states(name)).toEqual({ groups, net });
  });

  it('gives cetirizine its zwitterion: carboxylate and the ammonium of the alkylated piperazine nitrogen', () => {
    expect(states('cetirizine')).toEqual({ groups: ['aliphatic_amine:N+', 'carboxylic_acid:O-'], net: 0 });
    // Without the carboxylate (hydroxyzine) the same nitrogen's pKa, ~7, leaves it mostly neutral.
    expect(states('hydroxyzine')).toEqual({ groups: [], net: 0 });
  });

  it('protonates one nitrogen of a piperazine (imatinib: the N-methyl one)', () => {
    expect(states('imatinib')).toEqual({ groups: ['aliphatic_amine:N+'], net: 1 });
    expect(states('C1CNCCN1')).toEqual({ groups: ['aliphatic_amine:N+'], net: 1 });
  });
});

describe('protonateAtPh74 leaves weak acids and bases neutral', () => {
  it.each([
    ['paracetamol (phenol, amide)', 'CC(=O)Nc1ccc(O)cc1'],
    ['1-methylimidazole', 'Cn1ccnc1'],
    ['pyridine', 'c1ccncc1'],
    ['aniline', 'Nc1ccccc1'],
    ['4-nitrophenol (pKa 7.2)', 'Oc1ccc(cc1)[N+](=O)[O-]'],
    ['2,2,2-trifluoroethylamine (pKa 5.7)', 'NCC(F)(F)F'],
    ['aminoacetonitrile (pKa 5.3)', 'N#CCN'],
    ['cimetidine (cyanoguanidine)', 'CNC(NCCSCC1=C(C)NC=N1)=NC#N'],
    ['benzenesulfonamide', 'NS(=O)(=O)c1ccccc1'],
  ])('%s', (_, smiles) => {
    expect(states(smiles)).toEqual({ groups: [], net: 0 });
  });

  it('keeps a quaternary ammonium as drawn and ionises a strongly acidified phenol', () => {
    expect(states('C[N+](C)(C)CCOC(C)=O')).toEqual({ groups: [], net: 1 });
    expect(states('Oc1ccc(cc1[N+](=O)[O-])[N+](=O)[O-]')).toEqual({ groups: ['acidic_phenol:O-'], net: -1 });
  });

  it('ionises sulfonic and phosphoric acids, a phosphate mono-ester twice', () => {
    expect(states('CS(=O)(=O)O').net).toBe(-1);
    expect(states('CCOP(O)(O)=O').net).toBe(-2);
  });
});

describe('protonatedGraph', () => {
  it('gives the charged form with every hydrogen as an atom, heavy atoms in the parse order', () => {
    const smiles = DRUGS.get('ibuprofen')!;
    const neutral = hydrogenatedGraph(smiles)!;
    const { graph } = protonatedGraph(smiles)!;
    expect(graph.atoms.length).toBe(neutral.atoms.length - 1);
    const heavy = (g: typeof graph): number[] => g.atoms.filter((a) => a.atomicNumber > 1).map((a) => a.atomicNumber);
    expect(heavy(graph)).toEqual(heavy(neutral));
    expect(graph.atoms.every((atom) => atom.implicitHs === 0)).toBe(true);
    const anion = graph.atoms.findIndex((atom) => atom.formalCharge === -1);
    expect(graph.atoms[anion]!.atomicNumber).toBe(8);
    expect(graph.bonds.some((b) => (b.a === anion || b.b === anion) && graph.atoms[b.a === anion ? b.b : b.a]!.atomicNumber === 1)).toBe(false);
  });

  it('is deterministic', () => {
    const smiles = DRUGS.get('cetirizine')!;
    expect(JSON.stringify(protonatedGraph(smiles))).toBe(JSON.stringify(protonatedGraph(smiles)));
  });
});
