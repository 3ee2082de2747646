import { Svcm } from '@nats-io/services';
import { PART_SERVICE, connectNats, openRegistry, partSubjects, readRegistry } from '@molsearch/cluster';
import { usageError } from '../cli-error.ts';
import type { Command } from '../command.ts';

/** How long the service discovery waits for nodes to answer. */
const DISCOVERY_MS = 1500;

export const command: Command = {
  name: 'cluster',
  summary: 'list the catalogue parts of a NATS cluster, the nodes serving each, and their load',
  usage: '',
  minArgs: 0,
  maxArgs: 0,
  options: {
    nats: { type: 'string', valueName: 'URL', description: 'NATS server URLs, comma-separated (default: NATS_URL)' },
  },
  help: [
    'Reads the catalogue registry (the key-value bucket molsearch-catalogues) and asks every search node for its',
    'endpoints and their statistics through the NATS service API (discovery, stats). One TSV line a catalogue part:',
    'database, part (k/N), molecules, build, the nodes serving it (replicas), and the requests, errors and mean time',
    'in ms they served. A part with no node is listed with replicas 0: searches of its database are partial.',
    'Example: molsearch cluster --nats nats://127.0.0.1:4222',
  ].join('\n'),
  async run({ options, io, out }) {
    const servers = options.string('nats') ?? io.env.NATS_URL;
    if (!servers) throw usageError("cluster needs --nats <URL> or NATS_URL; see 'molsearch cluster --help'");
    const nc = await connectNats(servers, `molsearch-cluster-${process.pid}`);
    try {
      const registry = await readRegistry(await openRegistry(nc));
      const load = new Map<string, { nodes: Set<string>; requests: number; errors: number; processingNs: number }>();
      const client = new Svcm(nc).client({ strategy: 'timer', maxWait: DISCOVERY_MS });
      for await (const stats of await client.stats(PART_SERVICE)) {
        for (const endpoint of stats.endpoints ?? []) {
          if (!endpoint.subject.endsWith('.search')) continue;
          const entry = load.get(endpoint.subject) ?? { nodes: new Set<string>(), requests: 0, errors: 0, processingNs: 0 };
          entry.nodes.add(stats.id);
          entry.requests += endpoint.num_requests;
          entry.errors += endpoint.num_errors;
          entry.processingNs += endpoint.processing_time;
          load.set(endpoint.subject, entry);
        }
      }
      await out.line(['database', 'part', 'molecules', 'build', 'replicas', 'nodes', 'requests', 'errors', 'mean_ms'].join('\t'));
      for (const catalogue of [...registry.values()].sort((a, b) => a.database.localeCompare(b.database))) {
        for (let index = 1; index <= catalogue.of; index++) {
          const record = catalogue.parts.get(index);
          const entry = record && load.get(partSubjects(record.database, record.part, record.build).search);
          const mean = entry && entry.requests > 0 ? (entry.processingNs / entry.requests / 1e6).toFixed(1) : '';
          await out.line([catalogue.database, `${index}/${catalogue.of}`, String(record?.count ?? ''), record?.build ?? '', String(entry?.nodes.size ?? 0), [...(entry?.nodes ?? [])].join(','), String(entry?.requests ?? 0), String(entry?.errors ?? 0), mean].join('\t'));
        }
      }
    } finally {
      await nc.close();
    }
  },
};
