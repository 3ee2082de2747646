// Conformer speed on real catalogue molecules, and the export of our conformers for the shape quality
// gate (scripts/reference/shape-gate.py scores them against RDKit's ETKDGv3 + MMFF reference).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { generateConformers, hydrogenatedGraph, loadRDKit, withMol } from '@molsearch/chem';
import type { ConformerMethod, Coordinates, MolGraph } from '@molsearch/chem';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CATALOGUE_DIR = join(root, '..', 'shared', 'data', 'catalogs');
const SAMPLE_CATALOGUES = ['chembridge_cns', 'chemspace_screening', 'enamine_real', 'molport'];
export const CONFORMER_REFERENCE = join(root, 'packages', 'chem', 'test-data', 'rdkit-conformers.json.gz');

export interface ReferenceMolecule { smiles: string; id: string; heavy: number; conformers: number[][] }

/** Every Nth row of each sample catalogue, `perCatalogue` rows each (rows offset from the one the reference uses). */
export function catalogueSample(perCatalogue: number): { smiles: string; id: string }[] {
  const rows: { smiles: string; id: string }[] = [];
  for (const name of SAMPLE_CATALOGUES) {
    const lines = gunzipSync(readFileSync(join(CATALOGUE_DIR, `${name}.smi.gz`))).toString('utf8').split('\n').filter((l) => l.trim());
    const step = Math.floor(lines.length / perCatalogue);
    for (let k = 0; k < perCatalogue; k++) {
      const [smiles = '', id = ''] = (lines[k * step] ?? '').split('\t');
      rows.push({ smiles, id });
    }
  }
  return rows;
}

export function readConformerReference(path = CONFORMER_REFERENCE): ReferenceMolecule[] {
  return (JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as { molecules: ReferenceMolecule[] }).molecules;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

export interface ConformerSpeedOptions {
  perCatalogue?: number;
  counts?: number[];
  timeBudgetMs?: number;
  log?: (line: string) => void;
}

/** Prints conformers/s and ms per molecule for each K on a catalogue sample (one core). */
export async function conformerSpeed(options: ConformerSpeedOptions = {}): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  await loadRDKit();
  const graphs = catalogueSample(options.perCatalogue ?? 50)
    .map((row) => hydrogenatedGraph(row.smiles))
    .filter((g): g is MolGraph => g !== undefined);
  for (const count of options.counts ?? [3, 10]) {
    const times: number[] = [];
    let conformers = 0;
    let timedOut = 0;
    // CPU time as well as wall time: on a shared machine the wall clock mostly measures the neighbours.
    const cpuStart = process.cpuUsage();
    for (const [index, graph] of graphs.entries()) {
      const start = performance.now();
      const result = generateConformers(graph, { count, seed: index, timeBudgetMs: options.timeBudgetMs ?? (count <= 3 ? 200 : 1000) });
      times.push(performance.now() - start);
      conformers += result.conformers.length;
      if (result.timedOut) timedOut++;
    }
    const cpu = process.cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const total = times.reduce((a, b) => a + b, 0);
    times.sort((a, b) => a - b);
    log(`conformers K=${count}: ${graphs.length} molecules, ${(conformers / (total / 1000)).toFixed(0)} conformers/s wall ` +
      `(${(conformers / (cpuMs / 1000)).toFixed(0)}/s CPU), ${(total / graphs.length).toFixed(1)} ms/molecule wall mean ` +
      `(${(cpuMs / graphs.length).toFixed(1)} ms CPU; wall median ${percentile(times, 0.5).toFixed(1)}, p90 ${percentile(times, 0.9).toFixed(1)}), ` +
      `${(conformers / graphs.length).toFixed(2)} conformers/molecule, ${timedOut} timed out`);
  }
}

function sdfRecord(molblock: string, title: string, heavy: number, coordinates: Coordinates): string {
  const lines = molblock.split('\n');
  lines[0] = title;
  for (let i = 0; i < heavy; i++) {
    const line = lines[4 + i] ?? '';
    const xyz = [0, 1, 2].map((k) => (coordinates[3 * i + k] ?? 0).toFixed(4).padStart(10)).join('');
    lines[4 + i] = xyz + line.slice(30);
  }
  return `${lines.join('\n').replace(/\n*$/, '\n')}$$$$\n`;
}

/**
 * Writes our conformers of the reference molecules to an SDF (heavy atoms, RDKit's atom order, title =
 * catalogue id) for scripts/reference/shape-gate.py; molecule i gets seed `seed + i`, conformers embedded by `method`. Returns CPU conformers/s and ms/molecule for the batch.
 */
export async function writeGateConformers(outPath: string, count: number, seed = 0, method: ConformerMethod = 'distance-geometry', timeBudgetMs = 5000): Promise<{ perSecond: number; msPerMolecule: number; conformersPerMolecule: number }> {
  await loadRDKit();
  const chunks: string[] = [];
  let conformers = 0;
  let elapsed = 0;
  const molecules = readConformerReference();
  for (const [index, molecule] of molecules.entries()) {
    const graph = hydrogenatedGraph(molecule.smiles);
    const molblock = withMol(molecule.smiles, (mol) => mol.get_molblock());
    if (!graph || !molblock) continue;
    // CPU time: the wall clock on a shared machine mostly measures the neighbours.
    const start = process.cpuUsage();
    const result = generateConformers(graph, { count, seed: seed + index, timeBudgetMs, method });
    const used = process.cpuUsage(start);
    elapsed += (used.user + used.system) / 1000;
    conformers += result.conformers.length;
    for (const coordinates of result.conformers) chunks.push(sdfRecord(molblock, molecule.id, molecule.heavy, coordinates));
  }
  writeFileSync(outPath, chunks.join(''));
  return { perSecond: conformers / (elapsed / 1000), msPerMolecule: elapsed / molecules.length, conformersPerMolecule: conformers / molecules.length };
}
