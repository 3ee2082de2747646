// `npm run bench -- chem [--molecules N] [--ocl-molecules M]`: single-thread speed of the 2D chemistry
// on real catalogue molecules. Rates use this process's CPU time, so they are per core even when other
// work shares the machine; wall-clock rates are printed beside them.
import { cpus, loadavg } from 'node:os';
import {
  canonicalSmiles, computeProperties, loadOpenChemLib, loadRDKit, morganFingerprint, predictOclProperties,
  standardizeSmiles, withMol,
} from '@molsearch/chem';
import { catalogueMolecules } from './lib/catalogue-molecules.ts';
import { wholeNumberOption } from './lib/whole-number-option.ts';

interface Figure { task: string; molecules: number; cpuPerSecond: number; wallPerSecond: number; failed: number }

function measure(task: string, smiles: string[], work: (s: string) => unknown): Figure {
  // An untimed pass lets the WebAssembly and JIT tiers warm up, so the order of tasks does not matter.
  for (const s of smiles.slice(0, Math.min(100, Math.ceil(smiles.length / 5)))) work(s);
  let failed = 0;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (const s of smiles) if (work(s) === undefined) failed++;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const wallSeconds = (performance.now() - wall) / 1000;
  return { task, molecules: smiles.length, cpuPerSecond: smiles.length / cpuSeconds, wallPerSecond: smiles.length / wallSeconds, failed };
}

export async function run(args: string[]): Promise<void> {
  const count = wholeNumberOption(args, '--molecules', 1000);
  const oclCount = wholeNumberOption(args, '--ocl-molecules', 10);
  await loadRDKit();
  await loadOpenChemLib();
  const { smiles, source } = catalogueMolecules(count);
  const oclSmiles = smiles.slice(0, oclCount);
  console.log(`molecules: ${smiles.length} from ${source}`);
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores\n`);

  // WebAssembly code is compiled in tiers in the background; run real work first so that the first
  // measured task does not pay for it.
  for (const s of smiles.slice(0, 300)) computeProperties(s);

  const figures = [
    measure('parse + free', smiles, (s) => withMol(s, () => true)),
    measure('parse + Morgan fingerprint', smiles, (s) => withMol(s, morganFingerprint)),
    measure('canonical SMILES', smiles, canonicalSmiles),
    measure('standardise (fragment + neutralise)', smiles, standardizeSmiles),
    measure('parse + all properties (incl. QED)', smiles, computeProperties),
    measure('OCL logS only', oclSmiles, (s) => predictOclProperties(s, { druglikeness: false, toxicity: false })),
    measure('OCL logS + 4 toxicity risks', oclSmiles, (s) => predictOclProperties(s, { druglikeness: false })),
    measure('OCL logS + drug-likeness + toxicity', oclSmiles, (s) => predictOclProperties(s)),
  ];

  const header = ['task', 'molecules', 'mol/s (CPU)', 'ms/mol (CPU)', 'mol/s (wall)', 'page of 30 (CPU)', 'unparsed'];
  const rows = figures.map((f) => [
    f.task, String(f.molecules), f.cpuPerSecond.toFixed(0), (1000 / f.cpuPerSecond).toFixed(3), f.wallPerSecond.toFixed(0),
    `${((30 / f.cpuPerSecond) * 1000).toFixed(0)} ms`, String(f.failed),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
