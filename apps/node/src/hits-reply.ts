import { decodeHitsRequest } from '@molsearch/cluster';
import type { PartHitsReply } from '@molsearch/cluster';
import { EngineError, alignedHitMolblocks, hitPose, rescorePool, scoreHitRows, shapeQueryFor } from '@molsearch/engine';
import type { Catalogue } from '@molsearch/engine';

/**
 * A part's answer about hits already found: their three scores, one hit's pose, or hits posed for a
 * download, each computed by the engine exactly as the single process computes them, with the query the
 * API server prepared (so every replica answers alike).
 */
export async function hitsReply(catalogue: Catalogue, data: Uint8Array, threads: number): Promise<Extract<PartHitsReply, { ok: true }>> {
  const request = decodeHitsRequest(data);
  const shape = shapeQueryFor(catalogue, request.query.shape);
  switch (request.kind) {
    case 'scores': {
      if (!request.query.morgan) throw new EngineError('INVALID_REQUEST', 'A scores request needs the query\'s Morgan form.');
      const scores = await scoreHitRows(catalogue, { morgan: request.query.morgan, shape }, request.rows, { threads });
      return { ok: true, kind: 'scores', ...scores };
    }
    case 'pose': {
      const pose = shape && (await hitPose(shape, catalogue, request.row, request.titles));
      return { ok: true, kind: 'pose', pose: pose ?? null };
    }
    case 'molblocks': {
      const molblocks = shape
        ? await alignedHitMolblocks(shape, request.method, catalogue, request.rows, { titles: request.titles, ...(threads > 1 ? { pool: rescorePool(threads) } : {}) })
        : request.rows.map(() => undefined);
      return { ok: true, kind: 'molblocks', molblocks: molblocks.map((molblock) => molblock ?? null) };
    }
  }
}
