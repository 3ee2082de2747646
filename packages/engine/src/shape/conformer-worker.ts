// Worker thread of the query conformer pool.
import { attemptEmbedder, buildTopology } from '@molsearch/chem';
import type { AttemptEmbedder } from '@molsearch/chem';
import { lastByKey } from '../pool/last-by-key.ts';
import { serveTasks } from '../pool/worker-host.ts';
import type { EmbedReply, EmbedRequest } from './conformer-pool.ts';

const embedders = lastByKey<AttemptEmbedder | undefined>();

/** The molecule's embedder, built once for all its attempts; undefined when the molecule cannot be embedded. */
function embedderFor(request: EmbedRequest): AttemptEmbedder | undefined {
  return embedders(request.key, () => {
    try {
      return attemptEmbedder(buildTopology(request.graph), request.seed);
    } catch {
      return undefined;
    }
  });
}

serveTasks<EmbedRequest, EmbedReply>(
  (request) => {
    const embedder = embedderFor(request);
    if (!embedder) return { attempt: undefined };
    try {
      const embedded = embedder.embed(request.attempt, performance.now() + request.budgetMs);
      return { attempt: { ...embedded, approximate: embedder.approximate } };
    } catch {
      return { attempt: undefined };
    }
  },
  (reply) => (reply.attempt ? [reply.attempt.coordinates.buffer as ArrayBuffer] : []),
);
