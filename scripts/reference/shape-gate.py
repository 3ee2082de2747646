"""Shape quality gate of our conformers against RDKit's ETKDGv3 + MMFF reference.

    /usr/bin/python3 scripts/reference/shape-gate.py OURS.sdf [REFERENCE.json.gz]

OURS.sdf holds our conformers (heavy atoms in RDKit's atom order, title = catalogue id), as written by
bench/lib/conformers-gate.ts `writeGateConformers`. For every molecule, each of our conformers is
superposed on each reference conformer through the identity atom map (same molecule, same order) and
scored with RDKit's grid shape Tanimoto, 1 - ShapeTanimotoDist (vdW scale 0.8, hydrogens ignored); the
molecule's score is the best pair. Prints the median and 10th percentile over molecules.
"""
import gzip
import json
import statistics
import sys
from collections import defaultdict

from rdkit import Chem, RDLogger
from rdkit.Chem import rdMolAlign, rdShapeHelpers
from rdkit.Geometry import Point3D

RDLogger.DisableLog('rdApp.*')


def reference_molecule(entry):
    mol = Chem.MolFromSmiles(entry['smiles'])
    n = mol.GetNumAtoms()
    for flat in entry['conformers']:
        conformer = Chem.Conformer(n)
        for i in range(n):
            conformer.SetAtomPosition(i, Point3D(*flat[3 * i:3 * i + 3]))
        mol.AddConformer(conformer, assignId=True)
    return mol


def main():
    ours_path = sys.argv[1]
    reference_path = sys.argv[2] if len(sys.argv) > 2 else 'packages/chem/test-data/rdkit-conformers.json.gz'
    with gzip.open(reference_path, 'rt') as handle:
        reference = json.load(handle)['molecules']
    ours = defaultdict(list)
    for mol in Chem.SDMolSupplier(ours_path, removeHs=False, sanitize=False):
        if mol is not None:
            ours[mol.GetProp('_Name')].append(mol)
    scores = []
    for entry in reference:
        probes = ours.get(entry['id'], [])
        if not probes:
            print(f"{entry['id']}: no conformers of ours", file=sys.stderr)
            scores.append(0.0)
            continue
        ref = reference_molecule(entry)
        n = ref.GetNumAtoms()
        atom_map = [(i, i) for i in range(n)]
        best = 0.0
        for probe in probes:
            for cid in range(ref.GetNumConformers()):
                rdMolAlign.AlignMol(probe, ref, refCid=cid, atomMap=atom_map)
                similarity = 1 - rdShapeHelpers.ShapeTanimotoDist(ref, probe, confId1=cid, vdwScale=0.8, ignoreHs=True)
                best = max(best, similarity)
        scores.append(best)
        if len(sys.argv) > 3:
            print(f"{entry['id']}\t{best:.3f}\t{len(probes)}\t{entry['smiles']}")
    scores.sort()
    p10 = scores[int(0.1 * len(scores))]
    print(f'shape gate: {len(scores)} molecules, median {statistics.median(scores):.3f}, 10th percentile {p10:.3f}, '
          f'min {scores[0]:.3f} (gate: median >= 0.85, p10 >= 0.7)')


if __name__ == '__main__':
    main()
