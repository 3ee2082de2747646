import { decodeModel, score } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { lastByKey } from '../pool/last-by-key.ts';
import type { RescoreRequest, RescoreResult } from './rescore-pool.ts';

const queries = lastByKey<Model3D>();

/** Scores every packed model of a request with the 3D scorer; NaN for an empty model. */
export function scoreModels(request: RescoreRequest): RescoreResult {
  // The scorer keeps what it derives from a query by object: reuse the first copy of this query.
  const query = queries(request.queryKey, () => request.query);
  const count = request.offsets.length - 1;
  const similarities = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const bytes = request.models.subarray(request.offsets[i]!, request.offsets[i + 1]!);
    similarities[i] = bytes.byteLength === 0 ? Number.NaN : score(query, decodeModel(bytes), request.method).similarity;
  }
  return { similarities };
}
