import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from '../rdkit.ts';
import { poseToSdf } from './pose-sdf.ts';
import { readShapeReference, referenceModel, rigidlyMoved } from './reference-fixture.ts';
import { applyPose, score } from './scorer.ts';

const reference = readShapeReference();

beforeAll(async () => {
  await loadRDKit();
});

function withoutStereo(smiles: string): string {
  return withMol(smiles.replace(/[@/\\]/g, ''), (mol) => mol.get_smiles())!;
}

describe('poseToSdf', () => {
  it('writes the aligned candidate as a 3D record RDKit reads back as the same molecule', () => {
    for (const pair of reference.pairs.slice(0, 5)) {
      const queryMolecule = reference.molecules[pair.query]!;
      const candidateMolecule = reference.molecules[pair.candidate]!;
      const query = referenceModel(queryMolecule);
      const candidate = rigidlyMoved(referenceModel(candidateMolecule), pair.candidate);
      const { pose } = score(query, candidate, 'espsim_shape');
      const sdf = poseToSdf(candidateMolecule.smiles, candidate, pose, `hit ${pair.candidate}\nsecond line`);
      expect(sdf.endsWith('M  END\n$$$$\n')).toBe(true);
      const lines = sdf.split('\n');
      expect(lines[0]).toBe(`hit ${pair.candidate} second line`);
      expect(lines[1]!.slice(20, 22)).toBe('3D');
      const n = candidate.atomicNumbers.length;
      const placed = applyPose(candidate, pose);
      for (let i = 0; i < n; i++) {
        const line = lines[4 + i]!;
        const xyz = [line.slice(0, 10), line.slice(10, 20), line.slice(20, 30)].map(Number);
        xyz.forEach((v, axis) => expect(Math.abs(v - placed[3 * i + axis]!)).toBeLessThanOrEqual(5e-5 + 1e-9));
      }
      // The 3D coordinates define every stereocentre; the SMILES may leave some open.
      const molblock = sdf.slice(0, sdf.indexOf('$$$$'));
      const fromSdf = withMol(molblock, (mol) => mol.get_smiles())!;
      const fromSmiles = withMol(candidateMolecule.smiles, (mol) => mol.get_smiles())!;
      expect(withoutStereo(fromSdf)).toBe(withoutStereo(fromSmiles));
      if (/[@/\\]/.test(fromSmiles)) expect(fromSdf).toBe(fromSmiles);
    }
  });

  it('refuses a model that does not belong to the SMILES', () => {
    const model = referenceModel(reference.molecules[0]!);
    const pose = { queryConformer: 0, candidateConformer: 0, rotation: [1, 0, 0, 0] as const, translation: [0, 0, 0] as [number, number, number] };
    expect(() => poseToSdf('CCO', model, pose, 'x')).toThrow(/heavy atoms/);
    expect(() => poseToSdf('not a smiles', model, pose, 'x')).toThrow(/cannot parse/);
  });
});
