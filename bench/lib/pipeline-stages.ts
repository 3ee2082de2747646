// Where the 3D import's per-molecule time goes: CPU milliseconds per molecule of each stage of
// prepareMolecules + shapeFeatures, run one after another on one thread (each stage as the import does it).
import {
  buildModel3D, encodeModel, gasteigerCharges, generateConformers, hydrogenatedGraph, loadRDKit, moleculeProperties, morganFingerprint,
  standardizeSmiles, withMol,
} from '@molsearch/chem';
import { CATALOGUE_SHAPE } from '@molsearch/engine/bench';

const STAGES = ['standardise', 'parse + fingerprint', 'properties', 'hydrogenated graph', 'conformers', 'charges', 'model'] as const;
type Stage = (typeof STAGES)[number];

export async function pipelineStages(smiles: string[], log: (line: string) => void): Promise<void> {
  await loadRDKit();
  const spent = new Map<Stage, number>(STAGES.map((s) => [s, 0]));
  const timed = <T>(stage: Stage, work: () => T): T => {
    const start = process.cpuUsage();
    const result = work();
    const used = process.cpuUsage(start);
    spent.set(stage, (spent.get(stage) ?? 0) + (used.user + used.system) / 1000);
    return result;
  };
  for (const raw of smiles) {
    const standard = timed('standardise', () => standardizeSmiles(raw));
    if (!standard) continue;
    const mol = timed('parse + fingerprint', () => withMol(standard.smiles, (m) => (morganFingerprint(m), true)));
    if (!mol) continue;
    timed('properties', () => withMol(standard.smiles, (m) => moleculeProperties(m)));
    const graph = timed('hydrogenated graph', () => hydrogenatedGraph(standard.smiles));
    if (!graph) continue;
    const { conformers } = timed('conformers', () =>
      generateConformers(graph, { count: CATALOGUE_SHAPE.conformers, seed: CATALOGUE_SHAPE.seed, timeBudgetMs: CATALOGUE_SHAPE.timeBudgetMs }));
    if (conformers.length === 0) continue;
    const charges = timed('charges', () => gasteigerCharges(graph));
    timed('model', () => encodeModel(buildModel3D(graph, conformers, charges)));
  }
  const total = [...spent.values()].reduce((a, b) => a + b, 0);
  log(`per-molecule pipeline stages, one thread, CPU ms/molecule over ${smiles.length} molecules (K=${CATALOGUE_SHAPE.conformers}):`);
  for (const stage of STAGES) {
    const ms = (spent.get(stage) ?? 0) / smiles.length;
    log(`  ${stage.padEnd(20)} ${ms.toFixed(2).padStart(7)} ms  ${((100 * (spent.get(stage) ?? 0)) / total).toFixed(0).padStart(3)}%`);
  }
  log(`  ${'total'.padEnd(20)} ${(total / smiles.length).toFixed(2).padStart(7)} ms  -> ${(smiles.length / (total / 1000)).toFixed(1)} molecules/s/core`);
}
