"""Reference Gasteiger-Marsili charges from RDKit for the TypeScript implementation's test.

Run with Debian's python3-rdkit (2022.09):
    /usr/bin/python3 scripts/reference/rdkit-gasteiger-reference.py

Molecules: every third approved drug in drugs.tsv (file order) among those with at most 60 heavy atoms,
plus 20 evenly spaced rows of each vendor catalogue sample (deterministic). For each molecule we store
the input SMILES, the atomic numbers in the atom order of AddHs (the order `hydrogenatedGraph`
reproduces), RDKit's hybridisation of the heavy atoms (which selects the parameters), the charges RDKit
assigns after AddHs, which is what the 3D pipeline (and ESPsim) does, and the charges it assigns to the
molecule as parsed, hydrogens as counts (`implicitHydrogenCharges`, heavy atoms only). Molecules for
which RDKit returns NaN, and molecules with radicals (our MolGraph does not carry radical electrons,
which change RDKit's hybridisation), are kept with `charges: null` and the reason, so the test lists
them instead of dropping them.
"""
import csv
import gzip
import json
import math
import os
import sys

from rdkit import Chem, RDLogger, rdBase
from rdkit.Chem import rdPartialCharges

RDLogger.DisableLog('rdApp.*')

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
DATA = os.path.abspath(os.path.join(ROOT, '..', 'shared', 'data'))
OUT = os.path.join(ROOT, 'packages', 'chem', 'test-data', 'rdkit-gasteiger.json.gz')
MAX_HEAVY_ATOMS = 60
PER_CATALOGUE = 20

# (element, hybridisation) pairs RDKit has parameters for; used only to explain NaN results.
PARAMETERISED = {
    ('C', 'SP3'), ('C', 'SP2'), ('C', 'SP'), ('N', 'SP3'), ('N', 'SP2'), ('N', 'SP'), ('O', 'SP3'), ('O', 'SP2'),
    ('F', 'SP3'), ('Cl', 'SP3'), ('Br', 'SP3'), ('I', 'SP3'), ('S', 'SP3'), ('S', 'SP2'), ('P', 'SP3'), ('P', 'SP2'),
    ('Si', 'SP3'), ('Si', 'SP2'), ('Si', 'SP'), ('B', 'SP3'), ('B', 'SP2'), ('Be', 'SP3'), ('Be', 'SP2'),
    ('Mg', 'SP3'), ('Mg', 'SP2'), ('Mg', 'SP'), ('Al', 'SP3'), ('Al', 'SP2'),
}


def drugs():
    with open(os.path.join(DATA, 'drugs.tsv'), newline='') as f:
        for row in csv.DictReader(f, delimiter='\t'):
            yield 'drugs.tsv', row['name'], row['smiles']


def catalogue_sample():
    folder = os.path.join(DATA, 'catalogs')
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.smi.gz'):
            continue
        with gzip.open(os.path.join(folder, name), 'rt') as f:
            rows = [line.rstrip('\n').split('\t') for line in f if line.strip()]
        step = max(1, len(rows) // PER_CATALOGUE)
        for smiles, vendor_id in rows[::step][:PER_CATALOGUE]:
            yield name, vendor_id, smiles


def unparameterised_atoms(mol):
    missing = set()
    for atom in mol.GetAtoms():
        if atom.GetAtomicNum() == 1 or atom.GetDegree() == 0:
            continue
        key = (atom.GetSymbol(), str(atom.GetHybridization()))
        if key not in PARAMETERISED and atom.GetSymbol() != 'S':
            missing.add('%s %s' % key)
    return sorted(missing)


def small_drugs():
    kept = []
    for source, ident, smiles in drugs():
        mol = Chem.MolFromSmiles(smiles)
        if mol is not None and mol.GetNumHeavyAtoms() <= MAX_HEAVY_ATOMS:
            kept.append((source, ident, smiles))
    return kept[::3]


def main():
    molecules = []
    for source, ident, smiles in small_drugs() + list(catalogue_sample()):
        mol = Chem.MolFromSmiles(smiles)
        if mol is None or mol.GetNumHeavyAtoms() > MAX_HEAVY_ATOMS:
            continue
        hydrogenated = Chem.AddHs(mol)
        rdPartialCharges.ComputeGasteigerCharges(hydrogenated)
        charges = [atom.GetDoubleProp('_GasteigerCharge') for atom in hydrogenated.GetAtoms()]
        entry = {
            'source': source,
            'id': ident,
            'smiles': smiles,
            'atomicNumbers': [atom.GetAtomicNum() for atom in hydrogenated.GetAtoms()],
            # RDKit's hybridisation of the heavy atoms (hydrogens are left out: AddHs does not perceive them).
            'hybridisation': [str(atom.GetHybridization()) for atom in hydrogenated.GetAtoms() if atom.GetAtomicNum() != 1],
        }
        radicals = sum(atom.GetNumRadicalElectrons() for atom in hydrogenated.GetAtoms())
        if radicals:
            entry['charges'] = None
            entry['excluded'] = 'radical electrons, which MolGraph does not carry'
        elif all(math.isfinite(q) for q in charges):
            entry['charges'] = [round(q, 7) for q in charges]
            # The same molecule with hydrogens as counts, as parsed (RDKit's implicit-hydrogen path).
            rdPartialCharges.ComputeGasteigerCharges(mol)
            entry['implicitHydrogenCharges'] = [round(atom.GetDoubleProp('_GasteigerCharge'), 7) for atom in mol.GetAtoms()]
        else:
            entry['charges'] = None
            entry['excluded'] = 'RDKit gives NaN; atoms without parameters: ' + (', '.join(unparameterised_atoms(hydrogenated)) or 'none found')
        molecules.append(entry)
    document = {'rdkitVersion': rdBase.rdkitVersion, 'iterations': 12, 'molecules': molecules}
    with gzip.open(OUT, 'wt') as f:
        json.dump(document, f, separators=(',', ':'))
    excluded = [m for m in molecules if m['charges'] is None]
    print('wrote %d molecules (%d with NaN charges) to %s' % (len(molecules), len(excluded), OUT), file=sys.stderr)


if __name__ == '__main__':
    main()
