import { startSearchNode } from '@molsearch/node';
import type { NodeLogger } from '@molsearch/node';
import { usageError } from '../cli-error.ts';
import type { Command } from '../command.ts';

export const command: Command = {
  name: 'node',
  summary: 'serve the catalogue parts in the data directory to API servers over NATS',
  usage: '',
  minArgs: 0,
  maxArgs: 0,
  options: {
    nats: { type: 'string', valueName: 'URL', description: 'NATS server URLs, comma-separated (required), e.g. nats://10.0.0.1:4222' },
    threads: { type: 'string', valueName: 'N', description: 'search threads (default 2)' },
    name: { type: 'string', valueName: 'NAME', description: 'this node\'s name in NATS (default molsearch-node-<pid>)' },
  },
  help: [
    'Every catalogue part in <data-dir>/catalogues (imported with molsearch import --shard k/N) and every catalogue',
    'imported whole (served as part 1 of 1) becomes an endpoint of the NATS service molsearch-part, and its record is',
    'written to the JetStream key-value bucket molsearch-catalogues, which API servers (molsearch serve with NATS_URL)',
    'read. Nodes holding the same part share its queue group: NATS spreads searches over them and a search goes on',
    'when one of them stops. NATS needs JetStream (nats-server -js) and a max_payload large enough for a part\'s',
    'reply: 12 bytes a hit, so 8 MB for 100,000 hits with consensus scores. Stops cleanly on Ctrl-C.',
    'Example: molsearch node --nats nats://127.0.0.1:4222 --data-dir /srv/molsearch',
  ].join('\n'),
  async run({ options, dataDir, io }) {
    const servers = options.string('nats');
    if (!servers) throw usageError("node needs --nats <URL>; see 'molsearch node --help'");
    const threads = options.integer('threads', { min: 1, max: 64 }) ?? 2;
    const logger = lineLogger((line) => io.stderr.write(line));
    const node = await startSearchNode({ servers, dataDir, threads, logger, ...(options.string('name') ? { name: options.string('name')! } : {}) });
    if (node.parts.length === 0) logger.warn('no catalogue to serve', { data_dir: dataDir });
    logger.info('node ready', { name: node.name, parts: node.parts.length });
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    await node.stop();
  },
};

/** One JSON object a line, as the server logs. */
function lineLogger(write: (line: string) => void): NodeLogger {
  const emit = (level: string) => (message: string, fields: Record<string, unknown> = {}) => write(`${JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields })}\n`);
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}
