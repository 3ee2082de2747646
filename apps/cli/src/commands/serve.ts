import { join } from 'node:path';
import { ConfigError, loadConfig, serveUntilSignal } from '@molsearch/server';
import { CliError } from '../cli-error.ts';
import type { Command } from '../command.ts';

/** The built web app of this repository, served from the same port when it exists. */
const WEB_DIST = join(import.meta.dirname, '../../../web/dist');

export const command: Command = {
  name: 'serve',
  summary: 'serve the search API (and the built web app) on one port',
  usage: '',
  minArgs: 0,
  maxArgs: 0,
  options: {
    port: { type: 'string', short: 'p', valueName: 'PORT', description: 'port to listen on (default: PORT or 8080; 0 picks a free one)' },
    nats: { type: 'string', valueName: 'URL', description: 'search through the search nodes on this NATS cluster (default: NATS_URL; none: search the data directory)' },
  },
  help: [
    'Serves /api/* (docs at /api/docs, OpenAPI at /api/openapi.json) over the catalogues in the data directory,',
    'and the web app from apps/web/dist when it has been built. Jobs are stored in <data-dir>/molsearch.sqlite,',
    'or in PostgreSQL when DATABASE_URL is set. Other settings come from the environment: JOB_CONCURRENCY,',
    'HITS_PER_DATABASE, JOB_RETENTION_HOURS, DOWNLOAD_RETENTION_HOURS, RATE_LIMITING (on/off), VISITORS_PER_ADDRESS',
    '(callers without an account at one address share this many visitors\' limits, default 10), CATALOGUE_CONFIG,',
    'SEARCH_THREADS, HOST, LOG_LEVEL, WEB_DIR. Stops cleanly on Ctrl-C; queued and running searches resume at the next start.',
    'With --nats (or NATS_URL) catalogues are searched on the search nodes (molsearch node) of that NATS cluster instead of',
    'in this process; PART_ATTEMPT_SECONDS (60) and PART_TIMEOUT_SECONDS (300) say how long a part may take, and',
    'PARTIAL_RESULTS=fail fails a search when some part has no live node (default allow: the job says which parts it lacks).',
    'API servers sharing one PostgreSQL (DATABASE_URL) share their rate limits.',
    'Example: molsearch serve --port 8080 --data-dir ./data',
  ].join('\n'),
  async run({ options, dataDir, io }) {
    const port = options.integer('port', { min: 0, max: 65535 });
    let config;
    try {
      const nats = options.string('nats');
      config = loadConfig(nats ? { ...io.env, NATS_URL: nats } : io.env, { port, dataDir, webDir: io.env.WEB_DIR || WEB_DIST });
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError('CONFIG', error.message, { cause: error });
      throw error;
    }
    await serveUntilSignal(config);
  },
};
