// Worker thread of the 3D re-scoring pool.
import { serveTasks } from '../pool/worker-host.ts';
import { scoreModels } from './rescore-models.ts';
import type { RescoreRequest, RescoreResult } from './rescore-pool.ts';

serveTasks<RescoreRequest, RescoreResult>(
  (request) => scoreModels(request),
  (result) => [result.similarities.buffer as ArrayBuffer],
);
