import type { Logger } from '../http/logger.ts';
import { failureReason, isCatalogueDamage } from '../search/engine-failure.ts';
import type { SearchEngine } from '../search/search-engine.ts';
import type { CatalogueService } from './catalogue.service.ts';

/**
 * Readies the engine's catalogues for search in the background after the server starts, and logs what it did.
 * Otherwise the first search of each catalogue would check its 3D index against its checksums and map its
 * graphs before ranking a row: at 10^7 rows, gigabytes read and checked while a user waits. A catalogue
 * found damaged here is named in the log and listed as unavailable from then on, not only once a search
 * has failed on it. Then searches thrown away warm the search workers (`warmUp`).
 */
export async function readyCatalogues(engine: SearchEngine, catalogues: Pick<CatalogueService, 'markUnavailable'>, signal: AbortSignal, logger: Logger): Promise<void> {
  // Catalogues searched elsewhere (search nodes) are readied there; what is done here is still warmed.
  if (!engine.readyCatalogues) return warmUp(engine, [], signal, logger);
  const started = performance.now();
  try {
    const { ready, failed } = await engine.readyCatalogues(signal);
    for (const { database, error } of failed) {
      logger.warn('catalogue not ready for search', { database, error });
      if (isCatalogueDamage(error)) await catalogues.markUnavailable(database, failureReason(error, [database]));
    }
    logger.info('catalogues ready for search', { databases: ready.length, not_ready: failed.length, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) });
    if (!signal.aborted) await warmUp(engine, ready, signal, logger);
  } catch (error) {
    logger.warn('catalogues not readied for search', { error });
  }
}

/**
 * Searches thrown away once the catalogues are ready (SearchEngine.warmUp; a query built, where catalogues are
 * searched elsewhere): a user's first search then finds the search workers started and their code compiled,
 * and takes about as long as the next one.
 * A failure is logged and changes nothing else: the first search starts the workers itself.
 */
async function warmUp(engine: SearchEngine, ready: readonly string[], signal: AbortSignal, logger: Logger): Promise<void> {
  if (!engine.warmUp) return;
  try {
    const warmed = await engine.warmUp(ready, signal);
    if (warmed) logger.info('search workers warmed', { ...warmed });
  } catch (error) {
    // Stopping the server while it warms is no failure.
    if (!signal.aborted) logger.warn('search workers not warmed', { error });
  }
}
