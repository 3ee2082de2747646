import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { API_ERRORS } from '@molsearch/api';
import { loadRDKit, setMoleculeLimits } from '@molsearch/chem';
import { ApiKeyRepository } from './accounts/api-key.repository.ts';
import { ApiKeyService } from './accounts/api-key.service.ts';
import { resolveAuthSecret } from './accounts/auth-secret.ts';
import { AccountPromotionService } from './accounts/account-promotion.service.ts';
import { createAuth } from './accounts/auth.ts';
import { CatalogueService } from './catalogues/catalogue.service.ts';
import type { ServerConfig } from './config.ts';
import { DownloadFileRepository } from './downloads/download-file.repository.ts';
import { DownloadLeaseRepository } from './downloads/download-lease.repository.ts';
import { DownloadRepository } from './downloads/download.repository.ts';
import { DownloadService } from './downloads/download.service.ts';
import { connectCluster } from './cluster/cluster-connection.ts';
import { createEngineAdapter } from './search/engine.adapter.ts';
import { errorBody } from './http/error-handler.ts';
import { HitListRepository } from './search/hit-list.repository.ts';
import { DiskJobFiles } from './search/job-files.ts';
import { StoredJobFiles } from './search/stored-job-files.ts';
import { HitScoreRepository } from './search/hit-score.repository.ts';
import { HitScoreService } from './search/hit-score.service.ts';
import { createHitScoringAdapter } from './search/hit-scoring.adapter.ts';
import type { HitScoring } from './search/hit-scoring.ts';
import { JobClaimRepository } from './search/job-claim.repository.ts';
import { JobRepository } from './search/job.repository.ts';
import { JobService } from './search/job.service.ts';
import { BatchRepository } from './search/batch.repository.ts';
import { BatchService } from './search/batch.service.ts';
import { readyCatalogues } from './catalogues/catalogue-readiness.ts';
import { createLogger } from './http/logger.ts';
import { runUntilSignal } from './http/run-until-signal.ts';
import { VisitorIds } from './http/visitor-id.ts';
import { MailService } from './accounts/mail.service.ts';
import { OwnershipRepository } from './accounts/ownership.repository.ts';
import { ProfileRepository } from './accounts/profile.repository.ts';
import { ProfileService } from './accounts/profile.service.ts';
import type { Logger } from './http/logger.ts';
import { ResultService } from './search/result.service.ts';
import { RetentionService } from './downloads/retention.service.ts';
import type { SearchEngine } from './search/search-engine.ts';
import { RateLimiter, postgresCounters } from './http/rate-limit.middleware.ts';
import { createApiApp } from './services.ts';
import { openStore } from './store/database.ts';
import { reconnectingQueries } from './store/reconnecting-pool.ts';
import { TrackingRepository } from './tracking/tracking.repository.ts';
import { TrackingService } from './tracking/tracking.service.ts';

/** How long an idle keep-alive connection stays open: longer than a load balancer's idle timeout. */
const KEEP_ALIVE_MS = 65_000;
export const SERVER_VERSION = '0.1.0';
/** The security headers of an answer written before any handler runs (a request too large to read). */
const RAW_SECURITY_HEADERS = "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\nX-Frame-Options: DENY\r\nX-Content-Type-Options: nosniff\r\n";
const RETENTION_SWEEP_MS = 60_000;

export interface RunningServer {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  /** Stops taking requests, puts running searches back in the queue and closes the store. */
  close(): Promise<void>;
}

export interface ServerDependencies {
  /** Defaults to @molsearch/engine over `config.dataDir`. */
  engine?: SearchEngine;
  /** Defaults to @molsearch/engine over `config.dataDir`. */
  scoring?: HitScoring;
  logger?: Logger;
  now?: () => number;
}

/** Starts the API on `config.port` (0 picks a free port): store, queue recovery, retention, HTTP. */
export async function startServer(config: ServerConfig, dependencies: ServerDependencies = {}): Promise<RunningServer> {
  const logger = dependencies.logger ?? createLogger(config.logLevel);
  const now = dependencies.now ?? Date.now;
  if (config.maxHeavyAtoms !== undefined) setMoleculeLimits({ heavyAtoms: config.maxHeavyAtoms });
  await loadRDKit();
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onIdleConnectionError: (error) => logger.warn('database connection closed by the server; a new one is opened when needed', { error: error.message }),
  });
  // With NATS_URL the catalogues are searched on the search nodes; otherwise in this process, from the data directory.
  const cluster = !dependencies.engine && config.cluster ? await connectCluster(config.cluster, store, { catalogueConfig: config.catalogueConfig, threads: config.searchThreads, name: `molsearch-api-${process.pid}` }) : undefined;
  const engine = dependencies.engine ?? cluster?.engine ?? createEngineAdapter({ dataDir: config.dataDir, catalogueConfig: config.catalogueConfig, searchThreads: config.searchThreads });

  const jobRepository = new JobRepository(store);
  // This server's name in the leases it holds on jobs and downloads (PostgreSQL): unique per process, so a
  // restarted server never inherits a lease; host and pid say which one it is.
  const lease = store.kind === 'postgres' ? { owner: `${hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`, leaseMs: config.jobLeaseMs } : undefined;
  // On PostgreSQL, API servers may share the database: a job's files are kept there, so any of them reads them.
  const jobsDir = join(config.dataDir, 'jobs');
  const hits = new HitListRepository({ jobsDir, files: store.kind === 'postgres' ? new StoredJobFiles(store, jobsDir) : new DiskJobFiles(jobsDir) });
  const downloadRepository = new DownloadRepository(store);
  const files = new DownloadFileRepository(hits.files);
  const catalogues = new CatalogueService({ engine, now });
  const scoring = dependencies.scoring ?? cluster?.scoring ?? createHitScoringAdapter({ dataDir: config.dataDir, threads: config.searchThreads });
  const scores = new HitScoreService({ hits, scores: new HitScoreRepository(hits.files), scoring });
  const jobs = new JobService({
    jobs: jobRepository,
    hits,
    scores,
    databases: catalogues,
    engine,
    concurrency: config.jobConcurrency,
    hitsPerDatabase: config.hitsPerDatabase,
    retentionMs: config.jobRetentionMs,
    visitorsPerAddress: config.visitorsPerAddress,
    logger,
    now,
    // On PostgreSQL every API server sharing the database claims jobs from it; SQLite keeps the in-process queue.
    ...(lease ? { shared: { claims: new JobClaimRepository(store, lease), leaseMs: lease.leaseMs } } : {}),
  });
  const results = new ResultService({ jobs, hits, engine, scores });
  const batches = new BatchService({ batches: new BatchRepository(store), jobs, hits, engine, scratchDir: join(config.dataDir, 'uploads'), now });
  const profiles = new ProfileService({ profiles: new ProfileRepository(store), now });
  const apiKeys = new ApiKeyService({ keys: new ApiKeyRepository(store), profiles, now });
  const tracking = new TrackingService({ tracking: new TrackingRepository(store), jobs, now });
  const ownership = new OwnershipRepository(store);
  const mail = new MailService({ smtp: config.accounts.smtp, logger: logger.child({ component: 'mail' }) });
  // One secret signs sessions (better-auth) and visitor ids.
  const secret = resolveAuthSecret(config.accounts.secret, config.dataDir);
  const auth = createAuth({
    store,
    accounts: config.accounts,
    secret,
    mail,
    logger,
    transferOwnership: (from, to) => ownership.transfer(from, to),
  });
  const promotion = new AccountPromotionService({ auth, mailConfigured: mail.configured, logger: logger.child({ component: 'auth' }) });
  const downloads = new DownloadService({
    downloads: downloadRepository,
    files,
    jobs,
    results,
    catalogues,
    retentionMs: config.downloadRetentionMs,
    logger,
    now,
    tracker: tracking,
    ...(lease ? { shared: { leases: new DownloadLeaseRepository(store, lease), leaseMs: lease.leaseMs } } : {}),
  });
  const retention = new RetentionService({ jobs: jobRepository, hits, downloads: downloadRepository, files, logger, now });

  const resumed = await jobs.resume();
  const rebuilt = await downloads.resume();
  retention.start(RETENTION_SWEEP_MS);

  const accounts = { auth, config: config.accounts, apiKeys, profiles, ownership, promotion };
  const app = createApiApp({ catalogues, jobs, results, batches, downloads, tracking, accounts }, logger, {
    version: SERVER_VERSION,
    rateLimiting: config.rateLimiting,
    visitorsPerAddress: config.visitorsPerAddress,
    maxBodyBytes: config.maxBodyBytes,
    webDir: config.webDir,
    visitorIds: new VisitorIds({ secret }),
    // On PostgreSQL the limits are counted there, so API servers sharing the database share them.
    limiter: store.pool ? new RateLimiter(postgresCounters(reconnectingQueries(store.pool))) : new RateLimiter(),
  });
  const server = createServer({ maxHeaderSize: config.maxHeaderBytes }, getRequestListener(app.fetch));
  // Load balancers and HTTP clients keep idle connections open for up to a minute (60 s is the common
  // balancer default): a server closing an idle connection first (Node's default is 5 s) resets a request
  // sent on it at that moment, so it waits longer than they do.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  // Node rejects an over-long request line or headers before any handler runs; answer it like every other error.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify(
      tooLarge
        ? errorBody('PAYLOAD_TOO_LARGE', `The request URL or headers are longer than ${Math.round(config.maxHeaderBytes / 1024)} KB.`, 'none')
        : errorBody('INVALID_PARAMETERS', 'The request could not be read.', 'none'),
    );
    const status = tooLarge ? `${API_ERRORS.PAYLOAD_TOO_LARGE.status} Payload Too Large` : '400 Bad Request';
    // Closing at once, with the rest of a huge request unread, resets the connection and loses the
    // answer on the client's side; answer first and close a moment later.
    socket.on('error', () => undefined);
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${RAW_SECURITY_HEADERS}Connection: close\r\n\r\n${body}`,
    );
    setTimeout(() => socket.destroy(), 1000).unref();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${port}`;
  logger.info('server started', { url, store: store.kind, data_dir: config.dataDir, resumed_jobs: resumed, rebuilding_downloads: rebuilt });
  const readying = new AbortController();
  const readied = readyCatalogues(engine, catalogues, readying.signal, logger);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close: () =>
      (closing ??= (async () => {
        retention.stop();
        readying.abort();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.all([jobs.stop(), downloads.stop()]);
        server.closeAllConnections();
        await stopped;
        mail.close();
        await store.close();
        // The catalogue being readied finishes first: its checks hold the engine's files open.
        await readied;
        await engine.close();
        logger.info('server stopped');
      })()),
  };
}

/**
 * Runs the server until SIGINT or SIGTERM, then shuts down cleanly: running searches go back to the
 * queue, so the next start resumes them. Resolves when the server has stopped.
 */
export function serveUntilSignal(config: ServerConfig, logger: Logger = createLogger(config.logLevel)): Promise<void> {
  return runUntilSignal(() => startServer(config, { logger }), logger);
}
