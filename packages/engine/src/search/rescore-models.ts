import { decodeModel, score } from '@molsearch/chem';
import type { RescoreRequest, RescoreResult } from './rescore-pool.ts';

/** Scores every packed model of a request with the 3D scorer; NaN for an empty model. */
export function scoreModels(request: RescoreRequest): RescoreResult {
  const count = request.offsets.length - 1;
  const similarities = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const bytes = request.models.subarray(request.offsets[i]!, request.offsets[i + 1]!);
    similarities[i] = bytes.byteLength === 0 ? Number.NaN : score(request.query, decodeModel(bytes), request.method).similarity;
  }
  return { similarities };
}
