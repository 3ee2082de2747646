import { withMol } from '../rdkit.ts';
import { sdfRecord } from '../records/sdf-record.ts';
import type { Model3D } from './model-3d.ts';
import { applyPose } from './scorer.ts';
import type { Pose } from './scorer.ts';

/** Program line of the records we write: initials, program, date (left blank), dimension code 3D. */
const PROGRAM_LINE = `  ${'molsrch'.padEnd(8)}${' '.repeat(10)}3D`;

/**
 * One SD record of the candidate placed on the query by `pose`: heavy atoms with our coordinates,
 * bonds from RDKit's molblock of the SMILES (whose atom order is the model's heavy-atom order).
 * Needs RDKit loaded (`await loadRDKit()`). Stereo is carried by the 3D coordinates.
 */
export function poseToSdf(candidateSmiles: string, candidateModel: Model3D, pose: Pose, title: string): string {
  const molblock = withMol(candidateSmiles, (mol) => mol.get_molblock());
  if (molblock === undefined) throw new Error(`Cannot write a pose: RDKit cannot parse the SMILES ${JSON.stringify(candidateSmiles)}.`);
  const lines = molblock.split('\n');
  const counts = lines[3] ?? '';
  if (!counts.includes('V2000')) throw new Error('Cannot write a pose: only V2000 molblocks (under 1000 atoms) are supported.');
  const atomCount = Number.parseInt(counts.slice(0, 3), 10);
  const heavyAtoms = candidateModel.atomicNumbers.length;
  if (atomCount !== heavyAtoms) {
    throw new Error(`Cannot write a pose: the SMILES has ${atomCount} heavy atoms, the 3D model ${heavyAtoms}.`);
  }
  const coords = applyPose(candidateModel, pose);
  lines[1] = PROGRAM_LINE;
  for (let i = 0; i < atomCount; i++) {
    const line = lines[4 + i]!;
    const xyz = [coords[3 * i]!, coords[3 * i + 1]!, coords[3 * i + 2]!].map((v) => v.toFixed(4).padStart(10)).join('');
    lines[4 + i] = xyz + line.slice(30);
  }
  return sdfRecord({ title, molblock: lines.join('\n') });
}
