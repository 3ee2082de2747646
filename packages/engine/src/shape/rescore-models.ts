import { decodeModelInto, loadRDKit, score } from '@molsearch/chem';
import type { DecodeScratch, Model3D } from '@molsearch/chem';
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

// The thread's scratch for candidates' conformers (never re-entered): a candidate's model is decoded, scored and
// dropped, and new arrays for its conformers were a part of what a candidate cost.
const DECODE_SCRATCH: DecodeScratch = { coords: new Float64Array(3 * 3 * 64) };

/** Scores every packed model of a task with the 3D scorer (with `components`, both 3D scores too); NaN for an empty model. */
export function scoreModels(task: ScoreTask): ScoreResult {
  const query = queryOf(task);
  const count = task.offsets.length - 1;
  const similarities = new Float64Array(count);
  const shape = task.components ? new Float64Array(count) : undefined;
  const electrostatic = task.components ? new Float64Array(count) : undefined;
  const options = { electrostaticForm: task.form, withElectrostatic: task.components === true, once: true };
  for (let i = 0; i < count; i++) {
    const bytes = modelBytes(task, i);
    if (bytes.byteLength === 0) {
      similarities[i] = Number.NaN;
      if (shape && electrostatic) shape[i] = electrostatic[i] = Number.NaN;
      continue;
    }
    const scored = score(query, decodeModelInto(bytes, DECODE_SCRATCH), task.method, options);
    similarities[i] = scored.similarity;
    if (shape && electrostatic) {
      shape[i] = scored.shape;
      electrostatic[i] = scored.electrostatic!;
    }
  }
  return shape && electrostatic ? { similarities, shape, electrostatic } : { similarities };
}

/** The molblock of every packed model aligned on the query; null for an empty model. */
export async function poseModels(task: PoseTask): Promise<PoseResult> {
  // The molblocks are written through RDKit, which a re-scoring worker has not needed before.
  await loadRDKit();
  const query = queryOf(task);
  return { molblocks: task.smiles.map((smiles, i) => poseMolblock(query, task.method, task.form, smiles, modelBytes(task, i), task.titles[i]!) ?? null) };
}
