// `npm run bench -- conformer-gate [--counts 3,10,30] [--seed N] [--out DIR] [--no-score]`: the conformer quality gate of issue 3.
// Writes our conformers of the 200 reference molecules for each K, then scores them against RDKit's
// ETKDGv3 + MMFF reference with scripts/reference/shape-gate.py (Debian's python3-rdkit) and prints
// median and 10th percentile of the best shape Tanimoto per molecule.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGateConformers } from './lib/conformers-gate.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PYTHON = '/usr/bin/python3';

function listOption(args: string[], name: string, fallback: number[]): number[] {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const values = (args[index + 1] ?? '').split(',').map(Number);
  if (values.length === 0 || values.some((v) => !Number.isInteger(v) || v < 0)) throw new Error(`${name} needs whole numbers separated by commas`);
  return values;
}

export async function run(args: string[]): Promise<void> {
  const counts = listOption(args, '--counts', [3, 10, 30]);
  const [seed = 0] = listOption(args, '--seed', [0]);
  const outIndex = args.indexOf('--out');
  const dir = outIndex >= 0 ? (args[outIndex + 1] ?? '.') : mkdtempSync(join(tmpdir(), 'molsearch-conformer-gate-'));
  for (const count of counts) {
    const path = join(dir, `ours-k${count}.sdf`);
    const speed = await writeGateConformers(path, count, seed);
    console.log(`K=${count}: ${speed.msPerMolecule.toFixed(1)} ms/molecule CPU, ${speed.perSecond.toFixed(0)} conformers/s CPU, ` +
      `${speed.conformersPerMolecule.toFixed(2)} conformers/molecule -> ${path}`);
    if (args.includes('--no-score')) continue;
    const report = execFileSync(PYTHON, [join(root, 'scripts', 'reference', 'shape-gate.py'), path], { cwd: root, encoding: 'utf8' });
    console.log(`K=${count}: ${report.trim()}`);
  }
}
