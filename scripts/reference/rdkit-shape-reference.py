#!/usr/bin/python3
"""Reference values for the 3D shape and electrostatic scorers (packages/chem/src/shape).

Run with Debian's RDKit (2022.09):  /usr/bin/python3 scripts/reference/rdkit-shape-reference.py
Writes packages/chem/test-data/rdkit-shape-reference.json.gz with:
  - vdwRadii: RDKit's periodic-table van der Waals radii of the elements that occur;
  - molecules: SMILES (as the vendor wrote it), atomic numbers of the molecule with explicit hydrogens
    (heavy atoms first, in the SMILES parse order), Gasteiger charges, and one ETKDGv3 + MMFF conformer;
  - pairs: a query and a candidate molecule, the candidate's coordinates after RDKit's Crippen O3A
    alignment onto the query, RDKit's grid shape similarity 1 - ShapeTanimotoDist (vdwScale 0.8,
    hydrogens ignored, the ESPsim shape score) and the ESPsim electrostatic overlap computed here from
    its published formula on exactly the stored (rounded) coordinates and charges;
  - conformerSets: a few molecules with several conformers, for multi-conformer scoring.
Coordinates are rounded to 1e-4 A and charges to 1e-8 e before the electrostatic values are computed,
so a reader of the file has the identical inputs.
"""
import gzip
import json
import math
import os
import random

import numpy as np
from rdkit import Chem, DataStructs, RDLogger
from rdkit.Chem import AllChem, rdMolAlign, rdShapeHelpers

RDLogger.DisableLog('rdApp.*')

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
DATA = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'data'))
OUT = os.path.join(ROOT, 'packages', 'chem', 'test-data', 'rdkit-shape-reference.json.gz')

# ESPsim's fit of the Coulomb overlap kernel by nine Gaussians a_k exp(b_k r^2) (r in angstrom),
# Bolcato et al. 2022; the 3x3 tables of the paper flattened row by row.
ESP_A = [15.90600036, 3.9534831, 17.61453176, 3.9534831, 5.21580206, 1.91045387, 17.61453176, 1.91045387, 238.75820253]
ESP_B = [-0.02495, -0.04539319, -0.00247124, -0.04539319, -0.2513, -0.00258662, -0.00247124, -0.00258662, -0.0013]

SOURCES = [
    ('catalogs/chembridge_cns.smi.gz', 110),
    ('catalogs/enamine_real.smi.gz', 110),
    ('catalogs/zinc15_d4screen.smi.gz', 110),
]
MIN_HEAVY, MAX_HEAVY = 10, 38
PAIRS_NEAREST, PAIRS_RANDOM = 140, 120
CONFORMER_SETS, CONFORMERS_PER_SET = 24, 6


def read_smiles():
    out = []
    for path, wanted in SOURCES:
        taken = 0
        with gzip.open(os.path.join(DATA, path), 'rt') as handle:
            for line in handle:
                smiles = line.split('\t')[0].strip()
                mol = Chem.MolFromSmiles(smiles)
                if mol is None or len(Chem.GetMolFrags(mol)) != 1:
                    continue
                if not MIN_HEAVY <= mol.GetNumAtoms() <= MAX_HEAVY:
                    continue
                out.append(smiles)
                taken += 1
                if taken == wanted:
                    break
    return out


def embed(smiles, count, seed):
    mol = Chem.AddHs(Chem.MolFromSmiles(smiles))
    params = AllChem.ETKDGv3()
    params.randomSeed = seed
    ids = list(AllChem.EmbedMultipleConfs(mol, numConfs=count, params=params))
    if len(ids) < count:
        return None
    if AllChem.MMFFHasAllMoleculeParams(mol):
        AllChem.MMFFOptimizeMoleculeConfs(mol, maxIters=500)
    AllChem.ComputeGasteigerCharges(mol)
    charges = [round(a.GetDoubleProp('_GasteigerCharge'), 8) for a in mol.GetAtoms()]
    if any(not math.isfinite(q) for q in charges):
        return None
    # Round in place so every later computation (alignment, shape, ESP) sees the stored numbers.
    for conf in mol.GetConformers():
        for i in range(mol.GetNumAtoms()):
            p = conf.GetAtomPosition(i)
            conf.SetAtomPosition(i, (round(p.x, 4), round(p.y, 4), round(p.z, 4)))
    return mol, charges


def coords(mol, conf_id=-1):
    return [round(v, 4) for v in mol.GetConformer(conf_id).GetPositions().flatten().tolist()]


def esp_overlap(xa, qa, xb, qb):
    xa, xb = np.asarray(xa).reshape(-1, 3), np.asarray(xb).reshape(-1, 3)
    d2 = ((xa[:, None, :] - xb[None, :, :]) ** 2).sum(-1)
    kernel = sum(a * np.exp(b * d2) for a, b in zip(ESP_A, ESP_B))
    return float((np.outer(qa, qb) * kernel).sum())


def main():
    random.seed(20220118)
    pool = []
    for smiles in read_smiles():
        made = embed(smiles, 1, 42)
        if made is None:
            continue
        mol, charges = made
        pool.append({'smiles': smiles, 'mol': mol, 'charges': charges})
    fps = [AllChem.GetMorganFingerprintAsBitVect(Chem.RemoveHs(m['mol']), 2, 2048) for m in pool]

    pairs_index = []
    for i in range(PAIRS_NEAREST):
        sims = DataStructs.BulkTanimotoSimilarity(fps[i], fps)
        sims[i] = -1
        pairs_index.append((i, int(np.argmax(sims))))
    while len(pairs_index) < PAIRS_NEAREST + PAIRS_RANDOM:
        i, j = random.sample(range(len(pool)), 2)
        pairs_index.append((i, j))

    pairs = []
    for qi, ci in pairs_index:
        query, candidate = pool[qi], pool[ci]
        probe = Chem.Mol(candidate['mol'])
        o3a = rdMolAlign.GetCrippenO3A(probe, query['mol'])
        o3a.Align()
        aligned = coords(probe)
        conf = probe.GetConformer()
        for i in range(probe.GetNumAtoms()):
            conf.SetAtomPosition(i, tuple(aligned[3 * i:3 * i + 3]))
        shape = 1.0 - rdShapeHelpers.ShapeTanimotoDist(probe, query['mol'])
        xq, qq = coords(query['mol']), query['charges']
        aa = esp_overlap(xq, qq, xq, qq)
        bb = esp_overlap(aligned, candidate['charges'], aligned, candidate['charges'])
        ab = esp_overlap(xq, qq, aligned, candidate['charges'])
        pairs.append({
            'query': qi, 'candidate': ci, 'candidateCoords': aligned, 'rdkitShape': round(shape, 6),
            'espOverlap': {'aa': aa, 'bb': bb, 'ab': ab},
            'espCarbo': ab / math.sqrt(aa * bb) if aa > 0 and bb > 0 else 0.0,
            'espTanimoto': ab / (aa + bb - ab) if aa + bb - ab != 0 else 0.0,
        })

    conformer_sets = []
    for entry in pool[:CONFORMER_SETS]:
        made = embed(entry['smiles'], CONFORMERS_PER_SET, 7)
        if made is None:
            continue
        mol, _ = made
        conformer_sets.append({'smiles': entry['smiles'], 'conformers': [coords(mol, c.GetId()) for c in mol.GetConformers()]})

    table = Chem.GetPeriodicTable()
    elements = sorted({a.GetAtomicNum() for m in pool for a in m['mol'].GetAtoms()})
    doc = {
        'rdkitVersion': Chem.rdBase.rdkitVersion,
        'vdwRadii': {str(z): table.GetRvdw(z) for z in elements},
        'molecules': [{
            'smiles': m['smiles'],
            'atomicNumbers': [a.GetAtomicNum() for a in m['mol'].GetAtoms()],
            'charges': m['charges'],
            'coords': coords(m['mol']),
        } for m in pool],
        'pairs': pairs,
        'conformerSets': conformer_sets,
    }
    with gzip.open(OUT, 'wt') as handle:
        json.dump(doc, handle, separators=(',', ':'))
    print(f'{len(pool)} molecules, {len(pairs)} pairs, {len(conformer_sets)} conformer sets -> {OUT}')


if __name__ == '__main__':
    main()
