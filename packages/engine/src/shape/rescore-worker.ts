// Worker thread of the 3D re-scoring pool: exact scores of candidates, and their aligned poses for downloads.
import { serveTasks } from '../pool/worker-host.ts';
import { poseModels, scoreModels } from './rescore-models.ts';
import type { RescoreRequest, RescoreResult } from './rescore-pool.ts';

serveTasks<RescoreRequest, RescoreResult>(
  (task) => (task.kind === 'score' ? scoreModels(task) : poseModels(task)),
  (result) => ('similarities' in result ? [result.similarities, result.shape, result.electrostatic].flatMap((scores) => (scores ? [scores.buffer as ArrayBuffer] : [])) : []),
);
