import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BATCH_FILE_TYPES, BATCH_HITS_PER_QUERY, RATE_LIMITS, csvRow } from '@molsearch/api';
import type { BatchPageAnswer, BatchPageQuery, BatchStatusAnswer, SubmitBatchAnswer, SubmitBatchBody, SubmitBatchQuery } from '@molsearch/api';
import { loadRDKit, validateSmiles } from '@molsearch/chem';
import { formatFromFileName, isRecordError, readMolecules } from '@molsearch/engine';
import { AppError, invalidParameters } from '../http/app-error.ts';
import type { Principal } from '../http/principal.ts';
import { ownsJob } from '../http/principal.ts';
import type { BatchRepository, BatchRow } from './batch.repository.ts';
import type { HitListRepository } from './hit-list.repository.ts';
import { selectHits } from './hit-selection.ts';
import { describeStatus, jobDatabases } from './job.service.ts';
import type { JobService } from './job.service.ts';
import type { JobRow } from './job.repository.ts';
import { resultId } from './result-id.ts';
import type { SearchEngine } from './search-engine.ts';
import { roundSimilarity } from './similarity.ts';

export interface BatchServiceOptions {
  batches: BatchRepository;
  jobs: JobService;
  hits: HitListRepository;
  engine: SearchEngine;
  /** Where an uploaded file is written while it is read. */
  scratchDir: string;
  now: () => number;
}

interface SkippedRow {
  line: number;
  message: string;
}

/** One hit of a batch: a catalogue row found by one query. */
interface BatchHit {
  query: number;
  database: string;
  row: number;
  similarity: number;
  /** Its rank among its query's hits in its database, from 1. */
  rank: number;
}

/**
 * Batch searches: a file or list of queries becomes one job per query (so each runs, survives a restart
 * and is read like any search), with the batch's file rows that could not be searched kept by line.
 */
export class BatchService {
  constructor(private readonly options: BatchServiceOptions) {}

  async submit(principal: Principal, query: SubmitBatchQuery, body: SubmitBatchBody): Promise<SubmitBatchAnswer> {
    await loadRDKit();
    const read = body.file ? await this.readFile(body.file) : { rows: (body.smiles ?? []).map((smiles, i) => ({ line: i + 1, smiles, id: `q${i + 1}` })), skipped: [] };
    const skipped: SkippedRow[] = [...read.skipped];
    const queries: { smiles: string; id: string }[] = [];
    for (const row of read.rows) {
      const checked = validateSmiles(row.smiles);
      if (checked.ok) queries.push({ smiles: checked.smiles, id: row.id });
      else skipped.push({ line: row.line, message: `${checked.message}: ${row.smiles.slice(0, 80)}` });
    }
    skipped.sort((a, b) => a.line - b.line);
    const field = body.file ? 'file' : 'smiles';
    const limit = RATE_LIMITS[principal.tier].queriesPerBatch;
    if (queries.length === 0) {
      throw invalidParameters([{ field, message: `No query of the batch could be read${skipped[0] ? ` (line ${skipped[0].line}: ${skipped[0].message})` : ''}.` }]);
    }
    if (queries.length > limit) {
      const more = principal.tier === 'anonymous' ? ' Sign in to send up to ' + RATE_LIMITS.free.queriesPerBatch + '.' : '';
      throw invalidParameters([{ field, message: `A batch holds at most ${limit} queries; this one has ${queries.length}.${more}` }]);
    }
    const id = randomUUID();
    const jobs = await this.options.jobs.prepareBatch(principal, query, id, queries);
    await this.options.batches.insert({ id, principal_id: principal.id, query_count: queries.length, skipped_rows: JSON.stringify(skipped), created_at: this.options.now() });
    await this.options.jobs.enqueue(jobs);
    return { batch_id: id, queries: queries.length, skipped_rows: skipped };
  }

  /** Reads an uploaded file like an import does, through a scratch file; rows it cannot read are skipped by line. */
  private async readFile(file: NonNullable<SubmitBatchBody['file']>): Promise<{ rows: { line: number; smiles: string; id: string }[]; skipped: SkippedRow[] }> {
    const format = formatFromFileName(file.name);
    const extension = `.${file.name.toLowerCase().split('.').pop() ?? ''}`;
    if (!format || !(BATCH_FILE_TYPES as readonly string[]).includes(extension)) {
      throw invalidParameters([{ field: 'file', message: `File type must be ${BATCH_FILE_TYPES.join(', ')}` }]);
    }
    await mkdir(this.options.scratchDir, { recursive: true });
    const path = join(this.options.scratchDir, `batch-${randomUUID()}${extension}`);
    await writeFile(path, Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8'));
    const rows: { line: number; smiles: string; id: string }[] = [];
    const skipped: SkippedRow[] = [];
    try {
      for await (const record of readMolecules(path, { format })) {
        if (isRecordError(record)) skipped.push({ line: record.line, message: record.error });
        else rows.push({ line: record.line, smiles: record.smiles, id: record.id });
        if (rows.length + skipped.length > 100_000) break;
      }
    } catch (error) {
      throw invalidParameters([{ field: 'file', message: error instanceof Error ? error.message.replace(path, file.name) : 'The file could not be read.' }]);
    } finally {
      await rm(path, { force: true });
    }
    return { rows, skipped };
  }

  async status(batchId: string, viewer: Principal): Promise<BatchStatusAnswer> {
    const { batch, jobs } = await this.find(batchId, viewer);
    const done = jobs.filter((job) => job.state !== 'queued' && job.state !== 'running');
    const failed = jobs.filter((job) => job.state === 'failed' || job.state === 'expired');
    const started = jobs.some((job) => job.state !== 'queued');
    return {
      batch_id: batch.id,
      status: done.length === jobs.length ? 'SUCCESS' : started ? 'EXECUTING' : 'QUEUED',
      queries_total: jobs.length,
      queries_done: done.length,
      queries_failed: failed.length,
      skipped_rows: JSON.parse(batch.skipped_rows) as SkippedRow[],
      queries: jobs.map((job) => ({ query_id: job.query_id ?? '', query_smiles: job.search_input, job_name: job.id, status: describeStatus(job).status, num_results: job.num_results })),
    };
  }

  /** The merged view: each molecule once, at its best similarity to any query, best first. */
  async page(query: BatchPageQuery, viewer: Principal): Promise<BatchPageAnswer> {
    const { jobs } = await this.find(query.batch_id, viewer);
    const best = new Map<string, BatchHit>();
    for (const hit of await this.hitsOf(jobs)) {
      const key = `${hit.database}\u0000${hit.row}`;
      const seen = best.get(key);
      if (!seen || hit.similarity > seen.similarity) best.set(key, hit);
    }
    const ranked = [...best.values()].sort((a, b) => b.similarity - a.similarity || a.query - b.query || a.database.localeCompare(b.database) || a.row - b.row);
    const picked = ranked.slice(query.page_num * query.page_size, (query.page_num + 1) * query.page_size);
    const rows = await this.readRows(picked);
    return {
      smiles: rows.map((row) => row.smiles),
      id: rows.map((row, i) => resultId(picked[i]!.database, row.id, row.smiles)),
      database: picked.map((hit) => hit.database),
      db_id: rows.map((row) => row.id),
      similarity: picked.map((hit) => roundSimilarity(hit.similarity)),
      query_id: picked.map((hit) => jobs[hit.query]!.query_id ?? ''),
      query_smiles: picked.map((hit) => jobs[hit.query]!.search_input),
    };
  }

  /** Every query's best hits (up to BATCH_HITS_PER_QUERY each) as CSV, each row naming its query. */
  async csv(batchId: string, viewer: Principal): Promise<string> {
    const { jobs } = await this.find(batchId, viewer);
    const hits = await this.hitsOf(jobs);
    const rows = await this.readRows(hits);
    const lines = [csvRow(['query_id', 'query_smiles', 'rank', 'database', 'id', 'smiles', 'similarity'])];
    hits.forEach((hit, i) => {
      const job = jobs[hit.query]!;
      lines.push(csvRow([job.query_id ?? '', job.search_input, String(hit.rank), hit.database, rows[i]!.id, rows[i]!.smiles, roundSimilarity(hit.similarity).toFixed(4)]));
    });
    return `${lines.join('\n')}\n`;
  }

  private async find(batchId: string, viewer: Principal): Promise<{ batch: BatchRow; jobs: JobRow[] }> {
    const batch = await this.options.batches.find(batchId);
    if (!batch || !ownsJob(batch.principal_id, viewer)) throw new AppError('JOB_NOT_FOUND', { message: `Batch not found: ${batchId}. Please check the batch id.` });
    return { batch, jobs: await this.options.jobs.batchJobs(batchId) };
  }

  /** Each finished query's best hits in each of its databases, in query order. */
  private async hitsOf(jobs: readonly JobRow[]): Promise<BatchHit[]> {
    const hits: BatchHit[] = [];
    for (const [query, job] of jobs.entries()) {
      if (job.state !== 'succeeded') continue;
      const lists = await Promise.all(jobDatabases(job).map((database) => this.options.hits.read(job.id, database)));
      for (const hit of selectHits(lists, 0, BATCH_HITS_PER_QUERY)) hits.push({ query, database: hit.database, row: hit.row, similarity: hit.similarity, rank: hit.index + 1 });
    }
    return hits;
  }

  /** The SMILES and vendor id of each hit, read per database. */
  private async readRows(hits: readonly BatchHit[]): Promise<{ smiles: string; id: string }[]> {
    const out: { smiles: string; id: string }[] = new Array(hits.length);
    const byDatabase = new Map<string, number[]>();
    hits.forEach((hit, i) => {
      const indexes = byDatabase.get(hit.database);
      if (indexes) indexes.push(i);
      else byDatabase.set(hit.database, [i]);
    });
    for (const [database, indexes] of byDatabase) {
      const read = await this.options.engine.readRows(database, indexes.map((i) => hits[i]!.row), false);
      indexes.forEach((i, k) => (out[i] = { smiles: read.smiles[k]!, id: read.ids[k]! }));
    }
    return out;
  }
}
