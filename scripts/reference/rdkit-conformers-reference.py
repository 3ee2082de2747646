"""Reference conformers for the TypeScript conformer generator's quality gate and tests.

Run with Debian's python3-rdkit from the repository root:
    /usr/bin/python3 scripts/reference/rdkit-conformers-reference.py

Takes a deterministic sample of catalogue molecules (evenly spaced rows of four screening
catalogues), keeps the largest fragment (the import strips salts before conformers), embeds 10 ETKDGv3 conformers with hydrogens, minimises them with MMFF94, and writes
packages/chem/test-data/rdkit-conformers.json.gz with, per molecule:
  smiles (of the largest fragment), id, catalogue,
  heavy:  number of heavy atoms (RDKit's atom order from the SMILES; hydrogens follow in our graphs),
  conformers: heavy-atom coordinates, flattened x,y,z per atom, rounded to 0.01 A,
  chiral: [centre, n0, n1, n2, sign] for each tetrahedral centre RDKit tags, where sign is the sign of
          (p[n0]-p[c]) . ((p[n1]-p[c]) x (p[n2]-p[c])) in RDKit's embedded conformers, n0..n2 being the
          first three neighbours in the bond order of the hydrogenated molecule,
  doubleBonds: [a, b, c, d, sign] for each stereo double bond b=c with reference atoms a, d, where sign is
          the sign of cos(dihedral a-b-c-d) (+1 cis, -1 trans) in the embedded conformers,
  ms: RDKit's embedding + MMFF time for the molecule in milliseconds (C++ speed, for comparison).

It also writes packages/chem/test-data/rdkit-conformers-stereo.json.gz: approved drugs with specified
stereocentres or double bonds (the first 40 of data/drugs.tsv with at most 40 heavy atoms), each with
`chiral` and `doubleBonds` as above from one embedded conformer.
"""
import gzip
import json
import os
import sys
import time

from rdkit import Chem, RDLogger
from rdkit.Chem import AllChem

RDLogger.DisableLog('rdApp.*')

CATALOGUE_DIR = '/work/shared/data/catalogs'
CATALOGUES = ['chembridge_cns', 'chemspace_screening', 'enamine_real', 'molport']
PER_CATALOGUE = 50
CONFORMERS = 10
SEED = 42
OUT = os.path.join('packages', 'chem', 'test-data', 'rdkit-conformers.json.gz')
DRUGS = '/work/shared/data/drugs.tsv'
STEREO_OUT = os.path.join('packages', 'chem', 'test-data', 'rdkit-conformers-stereo.json.gz')
STEREO_DRUGS = 40


def sample_rows(name):
    with gzip.open(os.path.join(CATALOGUE_DIR, name + '.smi.gz'), 'rt') as handle:
        rows = [line.rstrip('\n').split('\t') for line in handle if line.strip()]
    step = len(rows) // PER_CATALOGUE
    return [rows[step // 2 + i * step] for i in range(PER_CATALOGUE)]


def signed_volume(pos, centre, n0, n1, n2):
    c = pos[centre]
    a, b, d = pos[n0] - c, pos[n1] - c, pos[n2] - c
    return a.DotProduct(b.CrossProduct(d))


def cos_dihedral(pos, a, b, c, d):
    b1, b2, b3 = pos[b] - pos[a], pos[c] - pos[b], pos[d] - pos[c]
    n1, n2 = b1.CrossProduct(b2), b2.CrossProduct(b3)
    return n1.DotProduct(n2) / max(1e-9, n1.Length() * n2.Length())


def sign(x):
    return 1 if x > 0 else -1


def largest_fragment(mol):
    fragments = Chem.GetMolFrags(mol, asMols=True)
    return max(fragments, key=lambda m: m.GetNumHeavyAtoms())


def stereo_of(mol_h, conformer_id):
    conformer = mol_h.GetConformer(conformer_id)
    positions = [conformer.GetAtomPosition(i) for i in range(mol_h.GetNumAtoms())]
    chiral = []
    for atom in mol_h.GetAtoms():
        if atom.GetChiralTag() not in (Chem.ChiralType.CHI_TETRAHEDRAL_CW, Chem.ChiralType.CHI_TETRAHEDRAL_CCW):
            continue
        neighbours = [bond.GetOtherAtomIdx(atom.GetIdx()) for bond in atom.GetBonds()]
        if len(neighbours) < 3:
            continue
        centre = atom.GetIdx()
        chiral.append([centre, *neighbours[:3], sign(signed_volume(positions, centre, *neighbours[:3])),
                       str(atom.GetChiralTag()).endswith('_CW') and 'cw' or 'ccw', len(neighbours)])
    double_bonds = []
    for bond in mol_h.GetBonds():
        if bond.GetStereo() == Chem.BondStereo.STEREONONE or bond.GetBondType() != Chem.BondType.DOUBLE:
            continue
        stereo_atoms = list(bond.GetStereoAtoms())
        if len(stereo_atoms) != 2:
            continue
        a, d = stereo_atoms
        b, c = bond.GetBeginAtomIdx(), bond.GetEndAtomIdx()
        double_bonds.append([a, b, c, d, sign(cos_dihedral(positions, a, b, c, d))])
    return chiral, double_bonds


def stereo_references():
    with open(DRUGS) as handle:
        header = handle.readline().rstrip('\n').split('\t')
        rows = [dict(zip(header, line.rstrip('\n').split('\t'))) for line in handle]
    result = []
    for row in rows:
        smiles = row['smiles']
        if '@' not in smiles and '/' not in smiles and '\\' not in smiles:
            continue
        mol = Chem.MolFromSmiles(smiles)
        if mol is None or mol.GetNumAtoms() > 40 or len(Chem.GetMolFrags(mol)) > 1:
            continue
        mol_h = Chem.AddHs(mol)
        params = AllChem.ETKDGv3()
        params.randomSeed = SEED
        if AllChem.EmbedMolecule(mol_h, params) < 0:
            continue
        chiral, double_bonds = stereo_of(mol_h, 0)
        if chiral or double_bonds:
            result.append({'name': row['name'], 'smiles': smiles, 'chiral': chiral, 'doubleBonds': double_bonds})
        if len(result) == STEREO_DRUGS:
            break
    return result


def reference(smiles, ident, catalogue):
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return None
    mol = largest_fragment(mol)
    smiles = Chem.MolToSmiles(mol)
    mol = Chem.MolFromSmiles(smiles)
    mol_h = Chem.AddHs(mol)
    params = AllChem.ETKDGv3()
    params.randomSeed = SEED
    start = time.perf_counter()
    ids = list(AllChem.EmbedMultipleConfs(mol_h, numConfs=CONFORMERS, params=params))
    if not ids:
        return None
    AllChem.MMFFOptimizeMoleculeConfs(mol_h, maxIters=2000)
    ms = (time.perf_counter() - start) * 1000
    heavy = mol.GetNumAtoms()
    conformers = []
    for cid in ids:
        pos = mol_h.GetConformer(cid).GetPositions()
        conformers.append([round(float(v), 2) for row in pos[:heavy] for v in row])
    chiral, double_bonds = stereo_of(mol_h, ids[0])
    return {'smiles': smiles, 'id': ident, 'catalogue': catalogue, 'heavy': heavy, 'conformers': conformers,
            'chiral': chiral, 'doubleBonds': double_bonds, 'ms': round(ms, 1)}


def main():
    molecules = []
    for catalogue in CATALOGUES:
        for smiles, ident in sample_rows(catalogue):
            entry = reference(smiles, ident, catalogue)
            if entry is None:
                print(f'{catalogue} {ident}: RDKit could not embed {smiles}', file=sys.stderr)
                continue
            molecules.append(entry)
    with gzip.open(OUT, 'wt') as handle:
        json.dump({'rdkit': Chem.rdBase.rdkitVersion, 'seed': SEED, 'molecules': molecules}, handle, separators=(',', ':'))
    stereo = stereo_references()
    with gzip.open(STEREO_OUT, 'wt') as handle:
        json.dump({'rdkit': Chem.rdBase.rdkitVersion, 'molecules': stereo}, handle, separators=(',', ':'))
    print(f'{len(stereo)} stereo references -> {STEREO_OUT}')
    times = sorted(m['ms'] for m in molecules)
    print(f'{len(molecules)} molecules -> {OUT}; RDKit ETKDGv3+MMFF median {times[len(times) // 2]} ms/molecule '
          f'for {CONFORMERS} conformers')


if __name__ == '__main__':
    main()
