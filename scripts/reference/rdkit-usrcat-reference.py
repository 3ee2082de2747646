"""Reference USRCAT descriptors from RDKit, and ElectroShape from the same definition as ours, for the
TypeScript descriptor tests.

Run with Debian's python3-rdkit (2022.09):
    /usr/bin/python3 scripts/reference/rdkit-usrcat-reference.py

Molecules: every 15th approved drug with at most 40 heavy atoms plus 6 evenly spaced rows of each vendor
catalogue sample (deterministic). Each gets one RDKit conformer (AddHs, ETKDGv3 with a fixed seed, MMFF94
minimisation); coordinates are rounded to 1e-4 Å and written back before any descriptor is computed, so
the stored coordinates reproduce the stored values exactly.

Stored per molecule: the input SMILES, atomic numbers and coordinates in AddHs atom order (the order of
`hydrogenatedGraph`), RDKit's Gasteiger charges, `rdMolDescriptors.GetUSRCAT` of the molecule without
hydrogens (heavy atoms only), and ElectroShape computed below with numpy on the heavy atoms.
"""
import csv
import gzip
import json
import os
import sys

import numpy as np
from rdkit import Chem, RDLogger, rdBase
from rdkit.Chem import AllChem, rdMolDescriptors, rdPartialCharges
from rdkit.Geometry import Point3D

RDLogger.DisableLog('rdApp.*')

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
DATA = os.path.abspath(os.path.join(ROOT, '..', 'shared', 'data'))
OUT = os.path.join(ROOT, 'packages', 'chem', 'test-data', 'rdkit-usrcat.json.gz')
MAX_HEAVY_ATOMS = 40
DRUG_STRIDE = 15
PER_CATALOGUE = 6
SEED = 20121
CHARGE_SCALE = 25.0


def drugs():
    kept = []
    with open(os.path.join(DATA, 'drugs.tsv'), newline='') as f:
        for row in csv.DictReader(f, delimiter='\t'):
            mol = Chem.MolFromSmiles(row['smiles'])
            if mol is not None and 3 <= mol.GetNumHeavyAtoms() <= MAX_HEAVY_ATOMS and len(Chem.GetMolFrags(mol)) == 1:
                kept.append(('drugs.tsv', row['name'], row['smiles']))
    return kept[::DRUG_STRIDE]


def catalogue_sample():
    folder = os.path.join(DATA, 'catalogs')
    picked = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.smi.gz'):
            continue
        with gzip.open(os.path.join(folder, name), 'rt') as f:
            rows = [line.rstrip('\n').split('\t') for line in f if line.strip()]
        step = max(1, len(rows) // PER_CATALOGUE)
        picked += [(name, vendor_id, smiles) for smiles, vendor_id in rows[::step][:PER_CATALOGUE]]
    return picked


def moments(distances):
    """Mean, population standard deviation and cube root of the skewness (USR, as RDKit computes it)."""
    mean = distances.mean()
    deviation = distances - mean
    sd = np.sqrt((deviation ** 2).mean())
    skew = 0.0 if sd == 0 else np.cbrt((deviation ** 3).mean() / sd ** 3)
    return [mean, sd, skew]


def electroshape(coords, charges):
    points = np.column_stack((coords, CHARGE_SCALE * charges))
    c1 = points.mean(0)
    d1 = np.linalg.norm(points - c1, axis=1)
    c2 = points[d1.argmax()]
    d2 = np.linalg.norm(points - c2, axis=1)
    c3 = points[d2.argmax()]
    d3 = np.linalg.norm(points - c3, axis=1)
    a = c2 - c1
    b = c3 - c1
    cross = np.cross(a[:3], b[:3])
    norm = np.linalg.norm(cross)
    c = np.zeros(3) if norm == 0 else np.linalg.norm(a) / (2 * norm) * cross
    c4 = np.append(c1[:3] + c, points[:, 3].max())
    c5 = np.append(c1[:3] + c, points[:, 3].min())
    d4 = np.linalg.norm(points - c4, axis=1)
    d5 = np.linalg.norm(points - c5, axis=1)
    return [v for d in (d1, d2, d3, d4, d5) for v in moments(d)]


def main():
    molecules = []
    skipped = []
    for source, ident, smiles in drugs() + catalogue_sample():
        mol = Chem.MolFromSmiles(smiles)
        if mol is None:
            continue
        hydrogenated = Chem.AddHs(mol)
        params = AllChem.ETKDGv3()
        params.randomSeed = SEED
        if AllChem.EmbedMolecule(hydrogenated, params) != 0:
            skipped.append({'id': ident, 'reason': 'ETKDGv3 embedding failed'})
            continue
        if AllChem.MMFFHasAllMoleculeParams(hydrogenated):
            AllChem.MMFFOptimizeMolecule(hydrogenated, maxIters=2000)
        conformer = hydrogenated.GetConformer()
        coords = []
        for i in range(hydrogenated.GetNumAtoms()):
            p = conformer.GetAtomPosition(i)
            x, y, z = round(p.x, 4), round(p.y, 4), round(p.z, 4)
            conformer.SetAtomPosition(i, Point3D(x, y, z))
            coords += [x, y, z]
        rdPartialCharges.ComputeGasteigerCharges(hydrogenated)
        charges = [atom.GetDoubleProp('_GasteigerCharge') for atom in hydrogenated.GetAtoms()]
        if not np.all(np.isfinite(charges)):
            skipped.append({'id': ident, 'reason': 'RDKit Gasteiger charges are NaN'})
            continue
        heavy = [i for i, atom in enumerate(hydrogenated.GetAtoms()) if atom.GetAtomicNum() != 1]
        without_hs = Chem.RemoveHs(hydrogenated)
        if without_hs.GetNumAtoms() != len(heavy):
            skipped.append({'id': ident, 'reason': 'RemoveHs kept hydrogen atoms'})
            continue
        usrcat = list(rdMolDescriptors.GetUSRCAT(without_hs))
        xyz = np.array(coords).reshape(-1, 3)[heavy]
        molecules.append({
            'source': source,
            'id': ident,
            'smiles': smiles,
            'atomicNumbers': [atom.GetAtomicNum() for atom in hydrogenated.GetAtoms()],
            'coordinates': coords,
            'charges': [round(q, 7) for q in charges],
            'usrcat': [round(v, 7) for v in usrcat],
            'electroShape': [round(float(v), 7) for v in electroshape(xyz, np.array(charges)[heavy])],
        })
    document = {'rdkitVersion': rdBase.rdkitVersion, 'seed': SEED, 'molecules': molecules, 'skipped': skipped}
    with gzip.open(OUT, 'wt') as f:
        json.dump(document, f, separators=(',', ':'))
    print('wrote %d molecules to %s; skipped %s' % (len(molecules), OUT, skipped), file=sys.stderr)


if __name__ == '__main__':
    main()
