"""Reference MMFF94 atom types and partial charges from RDKit for the TypeScript implementation's test.

Run with Debian's python3-rdkit (2022.09):
    /usr/bin/python3 scripts/reference/rdkit-mmff-reference.py

Molecules: every third approved drug in drugs.tsv (file order) among those with at most 60 heavy atoms,
20 evenly spaced rows of each vendor catalogue sample, and every 25th active and 250th decoy of the
DUD-E bench targets (their SMILES carry charged forms: ammonium, carboxylate, amidinium, guanidinium,
tetrazolide), each reduced to its largest fragment. For each molecule we store the SMILES, and for the
molecule after AddHs (the atom order `hydrogenatedGraph` reproduces) RDKit's MMFF94 atom types and
partial charges (MMFFGetMoleculeProperties). Molecules RDKit cannot type are kept with `types: null`.
"""
import csv
import gzip
import json
import os

from rdkit import Chem, RDLogger, rdBase
from rdkit.Chem import AllChem

RDLogger.DisableLog('rdApp.*')

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
DATA = os.path.abspath(os.path.join(ROOT, '..', 'shared', 'data'))
OUT = os.path.join(ROOT, 'packages', 'chem', 'test-data', 'rdkit-mmff.json.gz')
MAX_HEAVY_ATOMS = 60
PER_CATALOGUE = 20


def largest_fragment(smiles):
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return None
    fragments = Chem.GetMolFrags(mol, asMols=True)
    return Chem.MolToSmiles(max(fragments, key=lambda m: m.GetNumHeavyAtoms()))


# Charged forms of the groups the pH 7.4 model ionises, which the samples above hold few of.
CHARGED = [
    ('ibuprofen anion', 'CC(C)Cc1ccc([C@@H](C)C(=O)[O-])cc1'),
    ('diclofenac anion', 'O=C([O-])Cc1ccccc1Nc1c(Cl)cccc1Cl'),
    ('metformin cation', 'CN(C)C(=N)NC(N)=[NH2+]'),
    ('benzamidinium', 'NC(=[NH2+])c1ccccc1'),
    ('losartan anion', 'CCCCc1nc(Cl)c(CO)n1Cc1ccc(-c2ccccc2-c2nn[n-]n2)cc1'),
    ('acyl sulfonamide anion', 'CC(=O)[N-]S(=O)(=O)c1ccccc1'),
    ('benzenesulfonate', 'O=S(=O)([O-])c1ccccc1'),
    ('methylphosphate dianion', 'COP(=O)([O-])[O-]'),
    ('methylphosphonate monoanion', 'CP(=O)([O-])O'),
    ('propranolol cation', 'CC(C)[NH2+]CC(O)COc1cccc2ccccc12'),
    ('cetirizine zwitterion', 'O=C([O-])COCC[NH+]1CCN(C(c2ccccc2)c2ccc(Cl)cc2)CC1'),
    ('tetramethylammonium', 'C[N+](C)(C)C'),
    ('4-aminopyridinium', 'Nc1cc[nH+]cc1'),
    ('1-methylimidazolium', 'Cn1cc[nH+]c1'),
    ('glycine zwitterion', '[NH3+]CC(=O)[O-]'),
]


def sources():
    for name, smiles in CHARGED:
        yield 'charged', name, smiles
    with open(os.path.join(DATA, 'drugs.tsv'), newline='') as f:
        drugs = [('drugs.tsv', row['name'], row['smiles']) for row in csv.DictReader(f, delimiter='\t')]
    small = [d for d in drugs if (m := Chem.MolFromSmiles(d[2])) is not None and m.GetNumHeavyAtoms() <= MAX_HEAVY_ATOMS]
    yield from small[::3]
    folder = os.path.join(DATA, 'catalogs')
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.smi.gz'):
            continue
        with gzip.open(os.path.join(folder, name), 'rt') as f:
            rows = [line.rstrip('\n').split('\t') for line in f if line.strip()]
        step = max(1, len(rows) // PER_CATALOGUE)
        for row in rows[::step][:PER_CATALOGUE]:
            yield name, row[1] if len(row) > 1 else '', row[0]
    bench = os.path.join(DATA, 'bench')
    for target in sorted(os.listdir(bench)):
        for kind, step in (('actives', 25), ('decoys', 250)):
            path = os.path.join(bench, target, kind + '.smi')
            if not os.path.exists(path):
                continue
            with open(path) as f:
                rows = [line.split() for line in f if line.strip()]
            for row in rows[::step]:
                yield '%s/%s' % (target, kind), row[1] if len(row) > 1 else '', row[0]


def main():
    molecules = []
    for source, ident, smiles in sources():
        parent = largest_fragment(smiles)
        if parent is None:
            continue
        mol = Chem.AddHs(Chem.MolFromSmiles(parent))
        props = AllChem.MMFFGetMoleculeProperties(mol)
        entry = {'source': source, 'id': ident, 'smiles': parent, 'types': None, 'charges': None}
        if props is not None:
            entry['types'] = [props.GetMMFFAtomType(i) for i in range(mol.GetNumAtoms())]
            entry['charges'] = [round(props.GetMMFFPartialCharge(i), 6) for i in range(mol.GetNumAtoms())]
        molecules.append(entry)
    with gzip.open(OUT, 'wt') as f:
        json.dump({'rdkitVersion': rdBase.rdkitVersion, 'molecules': molecules}, f, separators=(',', ':'))
    print('%d molecules (%d untyped) -> %s' % (len(molecules), sum(m['types'] is None for m in molecules), OUT))


main()
