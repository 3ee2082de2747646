import { decodeModel, loadRDKit, score } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { lastByKey } from '../pool/last-by-key.ts';
import { poseMolblock } from './pose-molblock.ts';
import type { PoseResult, PoseTask, ScoreResult, ScoreTask } from './rescore-pool.ts';

const queries = lastByKey<Model3D>();

/** The scorer keeps what it derives from a query by object: the first copy of a job's query serves all its chunks. */
function queryOf(task: ScoreTask | PoseTask): Model3D {
  return queries(task.queryKey, () => task.query);
}

function modelBytes(task: ScoreTask | PoseTask, i: number): Uint8Array {
  return task.models.subarray(task.offsets[i]!, task.offsets[i + 1]!);
}

/** Scores every packed model of a task with the 3D scorer; NaN for an empty model. */
export function scoreModels(task: ScoreTask): ScoreResult {
  const query = queryOf(task);
  const similarities = new Float64Array(task.offsets.length - 1);
  for (let i = 0; i < similarities.length; i++) {
    const bytes = modelBytes(task, i);
    similarities[i] = bytes.byteLength === 0 ? Number.NaN : score(query, decodeModel(bytes), task.method).similarity;
  }
  return { similarities };
}

/** The molblock of every packed model aligned on the query; null for an empty model. */
export async function poseModels(task: PoseTask): Promise<PoseResult> {
  // The molblocks are written through RDKit, which a re-scoring worker has not needed before.
  await loadRDKit();
  const query = queryOf(task);
  return { molblocks: task.smiles.map((smiles, i) => poseMolblock(query, task.method, smiles, modelBytes(task, i), task.titles[i]!) ?? null) };
}
