import type { OclPredictions } from '@molsearch/chem';
import { WorkerPool } from '../pool/worker-pool.ts';

/** OpenChemLib's predictions of one molecule, undefined where OpenChemLib cannot read it. */
export type PredictionPool = WorkerPool<string, OclPredictions | null>;

/**
 * A worker thread for OpenChemLib's predictions (logS, drug-likeness, toxicity risks): drug-likeness runs
 * thousands of substructure searches a molecule, which would hold up a thread that answers requests.
 */
export function createPredictionPool(threads: number): PredictionPool {
  return new WorkerPool<string, OclPredictions | null>({
    workerUrl: new URL('./prediction-worker.ts', import.meta.url),
    size: Math.max(1, threads),
    name: 'OpenChemLib predictions',
    taskTimeoutMs: 60_000,
  });
}

/** The predictions of `smiles` on `pool`; undefined where OpenChemLib cannot read it. */
export async function predictMolecule(pool: PredictionPool, smiles: string): Promise<OclPredictions | undefined> {
  return (await pool.run(smiles)) ?? undefined;
}
