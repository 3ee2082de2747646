"""Shape quality gate of our conformers against RDKit's ETKDGv3 + MMFF reference.

    /usr/bin/python3 scripts/reference/shape-gate.py OURS.sdf [REFERENCE.json.gz] [--per-molecule]

OURS.sdf holds our conformers (heavy atoms in RDKit's atom order, title = catalogue id), as written by
bench/lib/conformers-gate.ts `writeGateConformers`. Each molecule's score is the best RDKit grid shape
Tanimoto, 1 - ShapeTanimotoDist (vdW scale 0.8, hydrogens ignored), over every pair (our conformer,
reference conformer) and over these superpositions of the pair:
  identity   least-squares fit through the identity atom map (same molecule, same atom order);
  symmetric  least-squares fit through the best of the molecule's symmetry-equivalent atom maps (a
             flipped phenyl or sulfonyl is the same shape; the identity map would misalign it);
  o3a        RDKit's Crippen O3A, which pairs atoms by their 3D environment rather than by index;
  refined    the best pair of each molecule polished by a local rigid-body search (rotations and
             translations that raise the grid Tanimoto itself), so the score is a shape-optimised overlap.
Prints the median and 10th percentile over molecules, and which superposition gave the best pair.
"""
import gzip
import json
import math
import multiprocessing
import statistics
import sys
from collections import Counter, defaultdict

from rdkit import Chem, RDLogger
from rdkit.Chem import rdMolAlign, rdMolTransforms, rdShapeHelpers
from rdkit.Chem import rdMolDescriptors
from rdkit.Geometry import Point3D
import numpy as np

RDLogger.DisableLog('rdApp.*')

MAX_SYMMETRY_MATCHES = 64
REFINE_PAIRS = 3
WORKERS = 2


def with_conformers(mol, flats):
    mol = Chem.Mol(mol)
    mol.RemoveAllConformers()
    n = mol.GetNumAtoms()
    for flat in flats:
        conformer = Chem.Conformer(n)
        for i in range(n):
            conformer.SetAtomPosition(i, Point3D(*flat[3 * i:3 * i + 3]))
        mol.AddConformer(conformer, assignId=True)
    return mol


def tanimoto(ref, ref_cid, probe, probe_cid):
    return 1 - rdShapeHelpers.ShapeTanimotoDist(ref, probe, confId1=ref_cid, confId2=probe_cid, vdwScale=0.8, ignoreHs=True)


def rotation(axis, angle):
    axis = axis / np.linalg.norm(axis)
    x, y, z = axis
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return np.array([[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
                     [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
                     [t * x * z - s * y, t * y * z + s * x, t * z * z + c]])


def refine(ref, ref_cid, probe, probe_cid, start):
    """Greedy rigid-body search on the grid Tanimoto: rotations about the probe's centroid and
    translations along the axes, halving the step sizes when no move improves."""
    conformer = probe.GetConformer(probe_cid)
    positions = conformer.GetPositions()
    best = start
    angle, shift = math.radians(10), 0.4
    axes = [np.array(v, dtype=float) for v in ((1, 0, 0), (0, 1, 0), (0, 0, 1))]
    for _ in range(4):
        improved = True
        while improved:
            improved = False
            centre = positions.mean(axis=0)
            moves = [(a, s * angle, None) for a in axes for s in (1, -1)] + [(None, None, s * shift * a) for a in axes for s in (1, -1)]
            for axis, turn, offset in moves:
                trial = (positions - centre) @ rotation(axis, turn).T + centre if axis is not None else positions + offset
                for i, p in enumerate(trial):
                    conformer.SetAtomPosition(i, Point3D(*p))
                score = tanimoto(ref, ref_cid, probe, probe_cid)
                if score > best + 1e-4:
                    best, positions, improved = score, trial, True
                    break
            for i, p in enumerate(positions):
                conformer.SetAtomPosition(i, Point3D(*p))
        angle, shift = angle / 2, shift / 2
    return best


def score_molecule(entry, flats):
    template = Chem.MolFromSmiles(entry['smiles'])
    ref = with_conformers(template, entry['conformers'])
    probe = with_conformers(template, flats)
    n = template.GetNumAtoms()
    identity = [(i, i) for i in range(n)]
    maps = [list(enumerate(match)) for match in template.GetSubstructMatches(template, uniquify=False, maxMatches=MAX_SYMMETRY_MATCHES)]
    contribs = rdMolDescriptors._CalcCrippenContribs(template)
    pairs = []  # (score, method, probe cid, ref cid, coordinates)
    for pc in range(probe.GetNumConformers()):
        for rc in range(ref.GetNumConformers()):
            candidates = []
            rdMolAlign.AlignMol(probe, ref, prbCid=pc, refCid=rc, atomMap=identity)
            candidates.append((tanimoto(ref, rc, probe, pc), 'identity', probe.GetConformer(pc).GetPositions()))
            if len(maps) > 1:
                rdMolAlign.AlignMol(probe, ref, prbCid=pc, refCid=rc, atomMap=maps[0])
                best_rms, best_map = math.inf, maps[0]
                for atom_map in maps:
                    rms = rdMolAlign.AlignMol(probe, ref, prbCid=pc, refCid=rc, atomMap=atom_map)
                    if rms < best_rms:
                        best_rms, best_map = rms, atom_map
                rdMolAlign.AlignMol(probe, ref, prbCid=pc, refCid=rc, atomMap=best_map)
                candidates.append((tanimoto(ref, rc, probe, pc), 'symmetric', probe.GetConformer(pc).GetPositions()))
            o3a = rdMolAlign.GetCrippenO3A(probe, ref, contribs, contribs, prbCid=pc, refCid=rc)
            o3a.Align()
            candidates.append((tanimoto(ref, rc, probe, pc), 'o3a', probe.GetConformer(pc).GetPositions()))
            score, method, positions = max(candidates, key=lambda c: c[0])
            pairs.append((score, method, pc, rc, positions))
    pairs.sort(key=lambda p: -p[0])
    best, best_method = pairs[0][0], pairs[0][1]
    for score, method, pc, rc, positions in pairs[:REFINE_PAIRS]:
        conformer = probe.GetConformer(pc)
        for i, p in enumerate(positions):
            conformer.SetAtomPosition(i, Point3D(*p))
        refined = refine(ref, rc, probe, pc, score)
        if refined > best + 1e-4:
            best, best_method = refined, 'refined'
    return best, best_method, pairs[0][0]


def score_or_zero(entry, flats):
    return score_molecule(entry, flats) if flats else (0.0, 'none', 0.0)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    per_molecule = '--per-molecule' in sys.argv
    ours_path = args[0]
    reference_path = args[1] if len(args) > 1 else 'packages/chem/test-data/rdkit-conformers.json.gz'
    with gzip.open(reference_path, 'rt') as handle:
        reference = json.load(handle)['molecules']
    ours = defaultdict(list)
    for mol in Chem.SDMolSupplier(ours_path, removeHs=False, sanitize=False):
        if mol is not None:
            ours[mol.GetProp('_Name')].append(mol.GetConformer().GetPositions().flatten().tolist())
    scores, unrefined, methods = [], [], Counter()
    jobs = [(entry, [f[:3 * entry['heavy']] for f in ours.get(entry['id'], [])]) for entry in reference]
    # Both cores: the refinement makes this a few minutes for K = 30 on one.
    with multiprocessing.Pool(WORKERS) as pool:
        results = pool.starmap(score_or_zero, jobs, chunksize=4)
    for (entry, flats), (best, method, before) in zip(jobs, results):
        if not flats:
            print(f"{entry['id']}: no conformers of ours", file=sys.stderr)
        scores.append(best)
        unrefined.append(before)
        methods[method] += 1
        if per_molecule:
            print(f"{entry['id']}\t{best:.3f}\t{method}\t{len(flats)}\t{entry['smiles']}")
    scores.sort()
    unrefined.sort()
    p10 = scores[int(0.1 * len(scores))]
    print(f'shape gate: {len(scores)} molecules, median {statistics.median(scores):.3f}, 10th percentile {p10:.3f}, '
          f'min {scores[0]:.3f} (gate: median >= 0.85, p10 >= 0.7); before the shape refinement median '
          f'{statistics.median(unrefined):.3f}, p10 {unrefined[int(0.1 * len(unrefined))]:.3f}; '
          f'best superposition: {", ".join(f"{m} {c}" for m, c in methods.most_common())}')


if __name__ == '__main__':
    main()
