import { Svcm } from '@nats-io/services';
import type { Service, ServiceMsg } from '@nats-io/services';
import { PART_SERVICE, announcePart, buildName, connectNats, decodeRowsRequest, decodeSearchRequest, encodeHitsReply, encodeRowsReply, encodeSearchReply, endpointName, openRegistry, partSubjects } from '@molsearch/cluster';
import type { PartRecord, PartRowsReply, PartSearchReply, PropertyCell } from '@molsearch/cluster';
import { EngineError, propertyMask, readyForSearch, searchPart, warmUpSearch } from '@molsearch/engine';
import type { Catalogue } from '@molsearch/engine';
import { hitsReply } from './hits-reply.ts';
import { localParts } from './local-parts.ts';
import type { LocalPart } from './local-parts.ts';

/** Where a node reports what it does; the CLI passes a line logger, tests a silent one. */
export interface NodeLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface SearchNodeOptions {
  /** NATS server URLs, comma-separated. */
  servers: string;
  dataDir: string;
  /** Threads of the engine's search pools. Default 2. */
  threads?: number;
  /** The node's name in NATS (connection and service info). Default molsearch-node-<pid>. */
  name?: string;
  logger: NodeLogger;
}

export interface SearchNode {
  name: string;
  parts: PartRecord[];
  /** Stops answering (requests in flight finish first) and closes the connection. */
  stop(): Promise<void>;
}

/**
 * A search node: each catalogue part (or whole catalogue) in its data directory becomes three
 * endpoints of the NATS service `molsearch-part` (search, rows, hits), and its record is written to the
 * registry bucket. Every node holding the same build of a part answers on the same subjects in the
 * service's queue group, so NATS spreads requests over the replicas and sends them to those alive.
 */
export async function startSearchNode(options: SearchNodeOptions): Promise<SearchNode> {
  const name = options.name ?? `molsearch-node-${process.pid}`;
  const { logger } = options;
  const parts = await localParts(options.dataDir, (folder, error) => logger.warn('catalogue folder not served', { folder, error: String(error) }));
  const nc = await connectNats(options.servers, name);
  let service: Service;
  const records: PartRecord[] = [];
  try {
    const registry = await openRegistry(nc);
    service = await new Svcm(nc).add({ name: PART_SERVICE, version: '1.0.0', description: 'molsearch catalogue parts', metadata: { node: name } });
    for (const local of parts) {
      const record = partRecord(local);
      serve(service, local, record, options.threads ?? 2, logger);
      await announcePart(registry, record);
      records.push(record);
      logger.info('serving catalogue part', { database: record.database, part: `${record.part.index}/${record.part.of}`, molecules: record.count, build: record.build });
    }
  } catch (error) {
    // An open connection would keep the process running after the error is reported.
    await nc.close().catch(() => undefined);
    throw error;
  }
  const readying = new AbortController();
  const readied = readyParts(parts, options.threads ?? 2, readying.signal, logger);
  return {
    name,
    parts: records,
    async stop() {
      readying.abort();
      await service.stop();
      await readied;
      await nc.drain();
    },
  };
}

/**
 * Readies the parts for search in the background, one at a time, as an API server readies its catalogues
 * (engine readyForSearch): the first search a part answers after the node starts then finds its 3D index
 * checked and mapped. A part whose index is damaged keeps being served: its searches are answered with the
 * engine's named error, as they would be without readying. Then searches thrown away warm the node's search
 * workers.
 */
async function readyParts(parts: readonly LocalPart[], threads: number, signal: AbortSignal, logger: NodeLogger): Promise<void> {
  const started = performance.now();
  const ready: Catalogue[] = [];
  for (const { database, part, catalogue } of parts) {
    if (signal.aborted) return;
    try {
      await readyForSearch(catalogue);
      ready.push(catalogue);
    } catch (error) {
      logger.warn('catalogue part not ready for search', { database, part: `${part.index}/${part.of}`, error: String(error) });
    }
  }
  logger.info('catalogue parts ready for search', { parts: ready.length, not_ready: parts.length - ready.length, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) });
  if (signal.aborted) return;
  // As an API server does once its catalogues are ready (engine warmUpSearch): the first search a node
  // answers then finds the workers started and their code compiled.
  try {
    const warmed = await warmUpSearch(ready, threads, signal);
    if (warmed) logger.info('search workers warmed', { ...warmed });
  } catch (error) {
    if (!signal.aborted) logger.warn('search workers not warmed', { error: String(error) });
  }
}

function partRecord({ database, part, catalogue }: LocalPart): PartRecord {
  const { manifest } = catalogue;
  return {
    database, part, build: buildName(manifest.created, manifest.count), count: manifest.count, created: manifest.created,
    properties: manifest.properties, bytesPerMolecule: manifest.bytesPerMolecule, ...(manifest.shape ? { shape: manifest.shape } : {}),
  };
}

function serve(service: Service, local: LocalPart, record: PartRecord, threads: number, logger: NodeLogger): void {
  const subjects = partSubjects(record.database, record.part, record.build);
  const metadata = { database: record.database, part: String(record.part.index), of: String(record.part.of), build: record.build };
  service.addEndpoint(endpointName(record.database, record.part, 'search'), {
    subject: subjects.search,
    metadata,
    handler: (error, message) => {
      if (error) return logger.error('search endpoint stopped', { error: String(error) });
      void answer(message, () => searchReply(local, message.data, threads), logger, encodeSearchReply);
    },
  });
  service.addEndpoint(endpointName(record.database, record.part, 'rows'), {
    subject: subjects.rows,
    metadata,
    handler: (error, message) => {
      if (error) return logger.error('rows endpoint stopped', { error: String(error) });
      void answer(message, () => Promise.resolve(rowsReply(local, message.data)), logger, encodeRowsReply);
    },
  });
  service.addEndpoint(endpointName(record.database, record.part, 'hits'), {
    subject: subjects.hits,
    metadata,
    handler: (error, message) => {
      if (error) return logger.error('hits endpoint stopped', { error: String(error) });
      void answer(message, () => hitsReply(local.catalogue, message.data, threads), logger, encodeHitsReply);
    },
  });
}

async function searchReply(local: LocalPart, data: Uint8Array, threads: number): Promise<Extract<PartSearchReply, { ok: true }>> {
  const request = decodeSearchRequest(data);
  const mask = await propertyMask(local.catalogue, request.filters);
  const hits = await searchPart(local.catalogue, request.query, {
    method: request.method, quality: request.quality, limit: request.limit, threshold: request.threshold, threads, ...(mask ? { mask: mask.rows } : {}),
  });
  return { ok: true, hits, ...(mask ? { passing: mask.passing } : {}) };
}

function rowsReply(local: LocalPart, data: Uint8Array): Extract<PartRowsReply, { ok: true }> {
  const request = decodeRowsRequest(data);
  const { catalogue } = local;
  const properties: Record<string, PropertyCell[]> = {};
  if (request.properties) for (const property of catalogue.manifest.properties) properties[property.key] = [];
  const smiles: string[] = [];
  const ids: string[] = [];
  for (const row of request.rows) {
    smiles.push(catalogue.smiles(row));
    ids.push(catalogue.compoundId(row));
    if (request.properties) {
      const values = catalogue.properties(row);
      for (const key of Object.keys(properties)) properties[key]!.push(values[key] ?? null);
    }
  }
  return { ok: true, smiles, ids, properties };
}

/** Runs `work` and answers with its result, or with the engine's error code and message (any other error is logged and answered as WORKER_FAILED). */
async function answer<R>(message: ServiceMsg, work: () => Promise<R>, logger: NodeLogger, encode: (reply: R | { ok: false; code: string; message: string }) => Uint8Array): Promise<void> {
  let reply: R | { ok: false; code: string; message: string };
  try {
    reply = await work();
  } catch (error) {
    if (!(error instanceof EngineError)) logger.error('part request failed', { subject: message.subject, error: String(error) });
    reply = error instanceof EngineError ? { ok: false, code: error.code, message: error.message } : { ok: false, code: 'WORKER_FAILED', message: 'The search node failed; see its log.' };
  }
  message.respond(encode(reply));
}
