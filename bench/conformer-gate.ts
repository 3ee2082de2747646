// `npm run bench -- conformer-gate [--counts 3,10,30] [--seed N[,N...]] [--method fragments|distance-geometry] [--out DIR] [--no-score]`:
// the conformer quality gate of issue 3. K = 3 is embedded as catalogue rows are (CATALOGUE_SHAPE's method), other
// counts as queries are (QUERY_SHAPE's), unless --method says otherwise.
// Writes our conformers of the 200 reference molecules for each K, then scores them against RDKit's
// ETKDGv3 + MMFF reference with scripts/reference/shape-gate.py (Debian's python3-rdkit) and prints
// median and 10th percentile of the best shape Tanimoto per molecule. With several seeds, each seed's
// figures and their mean and range: the K = 3 median moves by about ±0.012 from one seed to another
// (0.782-0.806 over seeds 0-3), more than the gate's margins.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformerMethod } from '@molsearch/chem';
import { CATALOGUE_SHAPE, QUERY_SHAPE } from '@molsearch/engine/bench';
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
  const seeds = listOption(args, '--seed', [0]);
  const chosen = args.includes('--method') ? args[args.indexOf('--method') + 1] : undefined;
  if (chosen !== undefined && chosen !== 'fragments' && chosen !== 'distance-geometry') throw new Error('--method is fragments or distance-geometry');
  const methodFor = (count: number): ConformerMethod =>
    chosen ?? (count === CATALOGUE_SHAPE.conformers ? CATALOGUE_SHAPE.method : QUERY_SHAPE.method) ?? 'distance-geometry';
  const outIndex = args.indexOf('--out');
  const dir = outIndex >= 0 ? (args[outIndex + 1] ?? '.') : mkdtempSync(join(tmpdir(), 'molsearch-conformer-gate-'));
  mkdirSync(dir, { recursive: true });
  for (const count of counts) {
    const figures: { median: number; p10: number }[] = [];
    for (const seed of seeds) {
      const label = seeds.length > 1 ? `K=${count} seed ${seed}` : `K=${count}`;
      const path = join(dir, seeds.length > 1 ? `ours-k${count}-seed${seed}.sdf` : `ours-k${count}.sdf`);
      const speed = await writeGateConformers(path, count, seed, methodFor(count));
      console.log(`${label} (${methodFor(count)}): ${speed.msPerMolecule.toFixed(1)} ms/molecule CPU, ${speed.perSecond.toFixed(0)} conformers/s CPU, ` +
        `${speed.conformersPerMolecule.toFixed(2)} conformers/molecule -> ${path}`);
      if (args.includes('--no-score')) continue;
      const report = execFileSync(PYTHON, [join(root, 'scripts', 'reference', 'shape-gate.py'), path], { cwd: root, encoding: 'utf8' });
      console.log(`${label}: ${report.trim()}`);
      const found = /median ([\d.]+), 10th percentile ([\d.]+)/.exec(report);
      if (found) figures.push({ median: Number(found[1]), p10: Number(found[2]) });
    }
    if (figures.length > 1) console.log(`K=${count} over seeds ${seeds.join(', ')}: median ${summary(figures.map((f) => f.median))}, 10th percentile ${summary(figures.map((f) => f.p10))}`);
  }
}

/** Mean and range of per-seed figures. */
function summary(values: number[]): string {
  return `${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(3)} (${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)})`;
}
