import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { analyticsBody, trackQuotationBody } from '@molsearch/api';
import type { DownloadTracker } from '../downloads/download.service.ts';
import type { DownloadRow } from '../downloads/download.repository.ts';
import type { JobRow } from '../search/job.repository.ts';
import type { JobService } from '../search/job.service.ts';
import type { Principal } from '../http/principal.ts';
import type { TrackingRepository } from './tracking.repository.ts';

/**
 * Writes the tracking rows the spec names (searches, downloads, quotations, ADMET requests) and
 * analytics events. Callers treat failures as silent: tracking never breaks a search.
 */
export class TrackingService implements DownloadTracker {
  private readonly tracking: TrackingRepository;
  private readonly jobs: JobService;
  private readonly now: () => number;

  constructor(options: { tracking: TrackingRepository; jobs: JobService; now: () => number }) {
    this.tracking = options.tracking;
    this.jobs = options.jobs;
    this.now = options.now;
  }

  /** A finished search, reported by the client; the details come from the job the caller may read. */
  async search(principal: Principal, jobName: string): Promise<void> {
    const job = await this.jobs.find(jobName, principal);
    await this.tracking.insertSearch({
      search_id: job.id,
      user_id: principal.userId ?? null,
      principal_id: principal.id,
      ip_address: principal.address ?? null,
      search_method: job.search_type,
      search_quality: job.search_quality,
      databases: job.db_names,
      query_smiles: job.search_input,
      num_results: job.num_results,
      created_at: this.now(),
    });
  }

  async quotation(principal: Principal, body: z.output<typeof trackQuotationBody>): Promise<void> {
    const job = await this.jobs.find(body.job_name, principal);
    await this.tracking.insertQuotation({
      quotation_id: randomUUID(),
      search_id: job.id,
      user_id: principal.userId ?? null,
      principal_id: principal.id,
      ip_address: principal.address ?? null,
      status: 'clicked_get_quote',
      query_smiles: job.search_input,
      databases: JSON.stringify([body.db_name]),
      search_method: job.search_type,
      additional_notes: body.additional_notes ?? null,
      created_at: this.now(),
    });
  }

  /** ADMET requests are recorded only for signed-in users (spec section 6). */
  async admet(principal: Principal, jobName: string): Promise<void> {
    if (!principal.userId) return;
    const job = await this.jobs.find(jobName, principal);
    await this.tracking.insertAdmet({ admet_id: randomUUID(), user_id: principal.userId, search_id: job.id, ip_address: principal.address ?? null, created_at: this.now() });
  }

  async prepared(principal: Principal, job: JobRow, download: DownloadRow): Promise<void> {
    await this.tracking.insertDownload({
      download_id: download.id,
      search_id: job.id,
      user_id: principal.userId ?? null,
      principal_id: principal.id,
      ip_address: principal.address ?? null,
      download_format: download.file_format,
      num_molecules_downloaded: null,
      download_metadata: download.include_metadata,
      download_properties: download.include_properties,
      file_size_bytes: null,
      databases: download.db_name ? JSON.stringify([download.db_name]) : job.db_names,
      created_at: this.now(),
    });
  }

  ready(downloadId: string, molecules: number, bytes: number): Promise<void> {
    return this.tracking.completeDownload(downloadId, molecules, bytes);
  }

  async analytics(principal: Principal, event: z.output<typeof analyticsBody>): Promise<void> {
    await this.tracking.insertAnalytics({
      id: randomUUID(),
      principal_id: principal.id,
      event: event.event,
      params: JSON.stringify(event.params),
      created_at: this.now(),
    });
  }
}
