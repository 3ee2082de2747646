import type { NatsConnection, RegisteredCatalogue } from '@molsearch/cluster';
import { EngineError } from '@molsearch/engine';
import type { HitScoring, QueryScorer } from '../search/hit-scoring.ts';
import { ClusterQueryForms } from './cluster-queries.ts';
import { askPart, askParts, partRowOf } from './part-hits.ts';
import type { PartRequestOptions } from './part-request.ts';

export interface ClusterHitOptions extends Omit<PartRequestOptions, 'signal'> {
  nc: NatsConnection;
  /** The registry as the cluster engine reads it (its last read while NATS elects a leader). */
  registry: () => Promise<Map<string, RegisteredCatalogue>>;
  /** Threads building the query's forms here, once per query. */
  threads: number;
}

/**
 * Hit scores and poses for searches through search nodes: the query's forms are built here once, and the
 * part holding each hit scores or poses it with them (apps/node hits-reply.ts), as the single process
 * would. Rows of a part with no live replica, or of a catalogue no node announces at the moment, are
 * marked unanswered: unscored now, scored when asked again.
 */
export function clusterHitScoring(options: ClusterHitOptions): HitScoring {
  const catalogueOf = async (database: string): Promise<RegisteredCatalogue | undefined> => (await options.registry()).get(database);
  return {
    scorer(querySmiles): QueryScorer {
      const forms = new ClusterQueryForms(querySmiles, options.threads);
      return {
        async scores(database, rows, signal) {
          const column = (): Float64Array => new Float64Array(rows.length).fill(Number.NaN);
          const catalogue = await catalogueOf(database);
          if (!catalogue) return { morgan: column(), shape: null, electrostatic: null, unanswered: new Uint8Array(rows.length).fill(1) };
          const query = await forms.forCatalogue(catalogue);
          const threeD = query.shape.size > 0;
          const scores = { morgan: column(), shape: threeD ? column() : null, electrostatic: threeD ? column() : null, unanswered: new Uint8Array(rows.length) };
          await askParts(options.nc, catalogue, rows, 'scores', (local) => ({ kind: 'scores', rows: local, query }), (answer, positions) => {
            if (!answer) {
              for (const position of positions) scores.unanswered[position] = 1;
              return;
            }
            positions.forEach((position, i) => {
              scores.morgan[position] = answer.morgan[i]!;
              if (scores.shape && answer.shape) scores.shape[position] = answer.shape[i]!;
              if (scores.electrostatic && answer.electrostatic) scores.electrostatic[position] = answer.electrostatic[i]!;
            });
          }, { ...requestOptions(options), ...(signal ? { signal } : {}) });
          return scores;
        },
        async pose(database, row, titles) {
          const catalogue = await catalogueOf(database);
          if (!catalogue) throw new EngineError('CATALOGUE_NOT_FOUND', `Catalogue ${database} is not served by any search node.`);
          const query = await forms.forCatalogue(catalogue);
          if (query.shape.size === 0) return undefined;
          const { part, local } = partRowOf(row, catalogue.of);
          const answer = await askPart(options.nc, catalogue, part, { kind: 'pose', row: local, titles, query }, requestOptions(options));
          return answer?.kind === 'pose' ? (answer.pose ?? undefined) : undefined;
        },
      };
    },
  };
}

function requestOptions(options: Omit<PartRequestOptions, 'signal'>): PartRequestOptions {
  return { attemptMs: options.attemptMs, deadlineMs: options.deadlineMs };
}
