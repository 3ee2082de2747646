import { hitPose, hitScorer, openCatalogue } from '@molsearch/engine';
import type { HitScoring, QueryScorer } from './hit-scoring.ts';

/** HitScoring on @molsearch/engine: catalogues under `<dataDir>/catalogues`, 3D work on `threads` worker threads. */
export function createHitScoringAdapter(options: { dataDir: string; threads: number }): HitScoring {
  return {
    scorer(querySmiles): QueryScorer {
      const scorer = hitScorer(querySmiles, { dataDir: options.dataDir, threads: options.threads });
      return {
        scores: (database, rows, signal) => scorer.scores(database, rows, { signal }),
        async pose(database, row, titles) {
          const query = await scorer.shapeQueryFor(database);
          return query && hitPose(query, await openCatalogue(options.dataDir, database), row, titles);
        },
      };
    },
  };
}
