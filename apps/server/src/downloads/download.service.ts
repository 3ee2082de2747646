import { randomUUID } from 'node:crypto';
import { MAX_DOWNLOAD_HITS } from '@molsearch/api';
import { sdfRecord } from '@molsearch/chem';
import { EngineError } from '@molsearch/engine';
import type { DownloadLinkAnswer, DownloadLinkQuery, FileFormat, PrepareDownloadBody, PrepareDownloadQuery } from '@molsearch/api';
import { AppError } from '../http/app-error.ts';
import type { CatalogueService } from '../catalogues/catalogue.service.ts';
import type { DownloadFileRepository } from './download-file.repository.ts';
import { FILE_EXTENSIONS, openDownloadWriter } from './download-writers.ts';
import type { DownloadRecord } from './download-writers.ts';
import type { DownloadLeaseRepository } from './download-lease.repository.ts';
import type { DownloadRepository, DownloadRow } from './download.repository.ts';
import { FairQueue } from '../search/fair-queue.ts';
import { failureReason } from '../search/engine-failure.ts';
import { selectHits } from '../search/hit-selection.ts';
import type { JobService } from '../search/job.service.ts';
import type { JobRow } from '../search/job.repository.ts';
import type { OpenedJobFile } from '../search/job-files.ts';
import type { Logger } from '../http/logger.ts';
import type { Principal } from '../http/principal.ts';
import type { ResultService } from '../search/result.service.ts';
import type { PoseAligner, PropertyValue } from '../search/search-engine.ts';
import { roundSimilarity } from '../search/similarity.ts';

/** Logged wherever this server finds a download it held built or being built by the server that took it over. */
const LEFT_TO_TAKER = 'download left to the server that took it over';

/** Raised in a build that finds another server has taken its download over (this server's lease lapsed). */
class DownloadTakenOver extends Error {}

/** Rows read from the catalogue per step while a file is built. */
const BATCH = 2000;
const METADATA_COLUMNS = ['vendor', 'website', 'order_email'] as const;
/** How often a 3D download's posing progress is written to its row. */
const PROGRESS_INTERVAL_MS = 1000;

export interface DownloadServiceOptions {
  downloads: DownloadRepository;
  files: DownloadFileRepository;
  jobs: JobService;
  results: ResultService;
  catalogues: CatalogueService;
  /** How long a built file is kept. */
  retentionMs: number;
  logger: Logger;
  now: () => number;
  tracker?: DownloadTracker;
  /**
   * API servers sharing PostgreSQL: each download this server queues or builds is leased for `leaseMs`, and
   * downloads whose lease lapsed (their server died) are built here. Without it, a restart rebuilds them.
   */
  shared?: { leases: DownloadLeaseRepository; leaseMs: number };
}

/** Records downloads for the product's tracking table; its failures never reach the caller. */
export interface DownloadTracker {
  prepared(principal: Principal, job: JobRow, download: DownloadRow): Promise<void>;
  ready(downloadId: string, molecules: number, bytes: number): Promise<void>;
}

/** Download files: prepared on request, built in the background one at a time, served until they expire. */
export class DownloadService {
  private readonly queue: FairQueue<string>;
  private readonly downloads: DownloadRepository;
  private readonly files: DownloadFileRepository;
  private readonly jobs: JobService;
  private readonly results: ResultService;
  private readonly catalogues: CatalogueService;
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly tracker: DownloadTracker | undefined;
  /** Downloads this server has queued or is building (servers sharing the store only). */
  private readonly held = new Set<string>();
  private heartbeat: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly options: DownloadServiceOptions) {
    this.downloads = options.downloads;
    this.files = options.files;
    this.jobs = options.jobs;
    this.results = options.results;
    this.catalogues = options.catalogues;
    this.logger = options.logger;
    this.now = options.now;
    this.tracker = options.tracker;
    // One file is built at a time, taking turns between callers.
    this.queue = new FairQueue({ concurrency: 1, work: (id) => this.build(id), logger: options.logger });
  }

  /**
   * Builds again the downloads a restart interrupted. Servers sharing the store build those no live server
   * holds, now and whenever a lease lapses later.
   */
  async resume(): Promise<number> {
    if (this.options.shared) {
      const { leaseMs } = this.options.shared;
      this.heartbeat = setInterval(() => void this.renewAndAdopt(), Math.max(50, Math.floor(leaseMs / 3)));
      this.heartbeat.unref();
      return this.renewAndAdopt();
    }
    const pending = await this.downloads.listPreparing();
    for (const row of pending) this.queue.push(row.job_id, row.id);
    return pending.length;
  }

  /** Renews the leases of the downloads this server holds and queues those no server holds; answers how many. */
  private async renewAndAdopt(): Promise<number> {
    const { leases } = this.options.shared!;
    try {
      const held = new Set(await leases.renew([...this.held]));
      for (const id of this.held) if (!held.has(id)) this.held.delete(id);
      let adopted = 0;
      for (const row of await leases.lapsed()) {
        if (this.stopping || this.held.has(row.id) || !(await leases.take(row.id))) continue;
        this.logger.info('download taken over from a server that stopped', { download_id: row.id, job_id: row.job_id });
        this.held.add(row.id);
        this.queue.push(row.job_id, row.id);
        adopted++;
      }
      return adopted;
    } catch (error) {
      this.logger.warn('download leases not renewed', { error });
      return 0;
    }
  }

  async prepare(principal: Principal, query: PrepareDownloadQuery, body: PrepareDownloadBody): Promise<{ download_suff: 'all' | 'selected'; status: string }> {
    const neighborIds = body.neighbor_ids;
    const job = await this.jobs.findFinished(query.job_name, principal);
    // Checks that db_name belongs to the job before anything is queued.
    await this.results.lists(job, query.db_name);
    const selected = neighborIds !== undefined && neighborIds.length > 0;
    const suffix = selected ? 'selected' : 'all';
    const now = this.now();
    const row: DownloadRow = {
      id: randomUUID(),
      job_id: job.id,
      file_format: query.file_format,
      download_suff: suffix,
      db_name: query.db_name ?? '',
      sim_th: query.sim_th ?? null,
      include_properties: query.include_properties ? 1 : 0,
      include_metadata: query.include_metadata ? 1 : 0,
      state: 'preparing',
      file_name: null,
      num_molecules: null,
      size_bytes: null,
      message: null,
      created_at: now,
      expires_at: now + this.options.retentionMs,
    };
    if (selected) await this.files.saveSelection(job.id, row.id, neighborIds);
    const previous = await this.downloads.replace(row);
    if (previous) await this.files.remove(previous.job_id, previous.id, FILE_EXTENSIONS[previous.file_format as FileFormat]);
    if (this.options.shared) {
      // Leased at once, so no other server takes it while it waits in this server's queue.
      if (await this.options.shared.leases.take(row.id)) this.held.add(row.id);
    }
    if (!this.options.shared || this.held.has(row.id)) this.queue.push(principal.id, row.id);
    await this.tracker?.prepared(principal, job, row).catch((error: unknown) => this.logger.warn('download not tracked', { error }));
    return { download_suff: suffix, status: 'PREPARING' };
  }

  async link(query: DownloadLinkQuery, viewer: Principal): Promise<DownloadLinkAnswer> {
    await this.jobs.find(query.job_name, viewer);
    const row = await this.downloads.findSelection({
      jobId: query.job_name,
      fileFormat: query.file_format,
      downloadSuff: query.download_suff,
      dbName: query.db_name ?? '',
    });
    if (!row || row.expires_at <= this.now()) throw new AppError('DOWNLOAD_NOT_FOUND');
    switch (row.state) {
      case 'preparing':
        return { status: 'PREPARING', download_link: null, message: row.message ?? 'The file is being prepared.', num_molecules: null };
      case 'failed':
        return { status: 'FAILED', download_link: null, message: row.message ?? 'Download process failed', num_molecules: null };
      case 'ready':
        return {
          status: 'READY',
          download_link: `/api/downloads/${row.id}/${row.file_name ?? 'hits'}`,
          message: null,
          num_molecules: row.num_molecules,
        };
    }
  }

  /** The file of a ready download, for the download route; only the job's owner gets a file of an account's job. */
  async file(downloadId: string, viewer: Principal): Promise<{ file: OpenedJobFile; name: string; format: FileFormat }> {
    const row = await this.downloads.find(downloadId);
    if (!row || row.state !== 'ready' || row.expires_at <= this.now() || !row.file_name) throw new AppError('FILE_NOT_FOUND');
    const job = await this.jobs.find(row.job_id, viewer).catch(() => undefined);
    if (!job) throw new AppError('FILE_NOT_FOUND');
    const format = row.file_format as FileFormat;
    const file = await this.files.open(row.job_id, row.id, FILE_EXTENSIONS[format]);
    if (!file) throw new AppError('FILE_NOT_FOUND');
    return { file, name: row.file_name, format };
  }

  /** Builds nothing new; the file being built is finished, and those waiting are given back to the other servers. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.queue.stop();
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.queue.idle();
    if (this.options.shared) await this.options.shared.leases.release([...this.held]).catch((error: unknown) => this.logger.warn('downloads not given back', { error }));
  }

  private async build(downloadId: string): Promise<void> {
    try {
      // Another server may have taken it since it was queued here.
      if (this.options.shared && !(this.held.has(downloadId) && (await this.options.shared.leases.take(downloadId)))) {
        this.logger.info(LEFT_TO_TAKER, { download_id: downloadId });
        return;
      }
      await this.buildHeld(downloadId);
    } finally {
      this.held.delete(downloadId);
    }
  }

  private async buildHeld(downloadId: string): Promise<void> {
    const row = await this.downloads.find(downloadId);
    if (!row || row.state !== 'preparing') {
      // Shared, a download still listed but no longer preparing was built by the server that took it over
      // while this one was stopped or paused past its lease, between taking it and reading it.
      if (row && this.options.shared) this.logger.info(LEFT_TO_TAKER, { download_id: row.id, job_id: row.job_id });
      return;
    }
    const log = this.logger.child({ download_id: row.id, job_id: row.job_id });
    const format = row.file_format as FileFormat;
    const extension = FILE_EXTENSIONS[format];
    try {
      const count = await this.writeFile(row, format, extension);
      // Asked of the database, not of the last heartbeat: a server paused past its lease must not publish.
      if (this.options.shared && !(await this.options.shared.leases.renew([row.id])).includes(row.id)) throw new DownloadTakenOver();
      const size = await this.files.publish(row.job_id, row.id, extension);
      const name = `molsearch-${row.job_id.slice(0, 8)}-${row.download_suff}${row.db_name ? `-${row.db_name}` : ''}.${extension}`;
      await this.downloads.markReady(row.id, name, count, size);
      log.info('download ready', { format, molecules: count, bytes: size });
      await this.tracker?.ready(row.id, count, size).catch((error: unknown) => log.warn('download not tracked', { error }));
    } catch (error) {
      if (error instanceof DownloadTakenOver) {
        log.info(LEFT_TO_TAKER);
        await this.files.discardPartial(row.job_id, row.id, extension);
        return;
      }
      log.error('download failed', { error });
      await this.files.remove(row.job_id, row.id, extension);
      // Downloads have their own wording for a fault; a named refusal or an engine failure keeps its reason.
      const reason = error instanceof AppError || error instanceof EngineError ? failureReason(error, row.db_name ? [row.db_name] : []) : 'Download process failed';
      await this.downloads.markFailed(row.id, reason);
    }
  }

  private async writeFile(row: DownloadRow, format: FileFormat, extension: string): Promise<number> {
    const job = await this.jobs.findFinished(row.job_id);
    const lists = await this.results.lists(job, row.db_name || undefined);
    const hits = selectHits(lists, 0, MAX_DOWNLOAD_HITS, row.sim_th ?? 0);
    const selection = row.download_suff === 'selected' ? new Set(await this.files.readSelection(row.job_id, row.id)) : undefined;
    const withProperties = row.include_properties === 1;
    const catalogues = new Map((await this.catalogues.list()).map((catalogue) => [catalogue.id, catalogue]));
    const aligner = format === 'sdf' ? await this.results.poseAligner(job) : undefined;
    const total = selection ? Math.min(selection.size, hits.length) : hits.length;
    const progress = progressReporter(row.id, total, this.downloads);
    // A 3D file starts with the query in the frame its hits are posed in, so they overlay on it as they are.
    const queryRecord = aligner ? await queryRecordOf(aligner, job, lists.map((list) => list.database)) : '';

    // Property columns are known only once rows are read; the first batch fixes them (a catalogue's columns are the same on every row).
    let writer: ReturnType<typeof openDownloadWriter> | undefined;
    let columns: string[] = [];
    const path = await this.files.partialPath(row.job_id, row.id, extension);
    let written = 0;
    for (let start = 0; start < hits.length; start += BATCH) {
      // With the job: every hit's three scores, computed where the job has not stored them yet.
      const resolved = await this.results.resolve(hits.slice(start, start + BATCH), withProperties, job);
      if (!writer) {
        columns = [...Object.keys(resolved.properties), ...(row.include_metadata === 1 ? METADATA_COLUMNS : [])];
        writer = openDownloadWriter(format, path, columns, queryRecord);
      }
      const records: DownloadRecord[] = [];
      const catalogueRows: number[] = [];
      for (const [index, hit] of resolved.hits.entries()) {
        const id = resolved.resultIds[index]!;
        if (selection && !selection.has(id)) continue;
        const extra: Record<string, PropertyValue> = {};
        for (const key of Object.keys(resolved.properties)) extra[key] = resolved.properties[key]![index] ?? null;
        if (row.include_metadata === 1) {
          const catalogue = catalogues.get(hit.database);
          extra.vendor = catalogue?.vendor ?? null;
          extra.website = catalogue?.website ?? null;
          extra.order_email = catalogue?.email ?? null;
        }
        records.push({
          smiles: resolved.smiles[index]!,
          id,
          db_id: resolved.vendorIds[index]!,
          database: hit.database,
          similarity: roundSimilarity(hit.similarity),
          scores: {
            morgan_similarity: resolved.scores!.morgan_similarity[index]!,
            shape_similarity: resolved.scores!.shape_similarity[index]!,
            electrostatic_similarity: resolved.scores!.electrostatic_similarity[index]!,
          },
          extra,
        });
        catalogueRows.push(hit.row);
      }
      if (aligner) await poseRecords(aligner, records, catalogueRows, (done) => progress(written + done));
      // The heartbeat drops a download whose lease another server took; the build stops at the next batch.
      if (this.options.shared && !this.held.has(row.id)) throw new DownloadTakenOver();
      await writer.write(records);
      written += records.length;
    }
    writer ??= openDownloadWriter(format, path, row.include_metadata === 1 ? [...METADATA_COLUMNS] : [], queryRecord);
    await writer.finish();
    return written;
  }
}

/** The query's SD record, built for the first of `databases` with 3D models; empty when none has them. */
async function queryRecordOf(aligner: PoseAligner, job: JobRow, databases: readonly string[]): Promise<string> {
  for (const database of databases) {
    const molblock = await aligner.queryMolblock(database, 'query');
    if (molblock) return sdfRecord({ title: 'query', molblock, fields: [['role', 'query'], ['smiles', job.search_input], ['search_type', job.search_type]] });
  }
  return '';
}

/**
 * Gives each record of a 3D download its molblock aligned on the query (`rows[i]` is record i's catalogue
 * row), posed on the engine's workers one database at a time; `onDone` hears how many of `records` are posed.
 */
async function poseRecords(aligner: PoseAligner, records: DownloadRecord[], rows: readonly number[], onDone: (posed: number) => void): Promise<void> {
  const byDatabase = new Map<string, number[]>();
  records.forEach((record, i) => byDatabase.set(record.database, [...(byDatabase.get(record.database) ?? []), i]));
  let posed = 0;
  for (const [database, group] of byDatabase) {
    const report = (fraction: number) => onDone(posed + Math.round(fraction * group.length));
    const molblocks = await aligner.molblocks(database, group.map((i) => rows[i]!), group.map((i) => records[i]!.db_id), report);
    group.forEach((recordIndex, i) => (records[recordIndex]!.molblock = molblocks[i]));
    posed += group.length;
    onDone(posed);
  }
}

/** Keeps the download's message saying how many molecules are posed, at most once a second. */
function progressReporter(downloadId: string, total: number, downloads: DownloadRepository): (done: number) => void {
  let last = 0;
  return (done) => {
    const now = Date.now();
    if (now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    const message = `The file is being prepared: ${Math.min(done, total).toLocaleString('en-US')} of ${total.toLocaleString('en-US')} molecules posed.`;
    void downloads.setProgress(downloadId, message).catch(() => undefined);
  };
}
