import type { DownloadRow } from './download.repository.ts';

/** A CSV download of every hit of `jobId`, still being prepared, for the store and retention tests. */
export function preparingDownload(id: string, jobId: string, expiresAt: number): DownloadRow {
  return {
    id,
    job_id: jobId,
    file_format: 'csv',
    download_suff: 'all',
    db_name: '',
    sim_th: 0.25,
    include_properties: 1,
    include_metadata: 0,
    state: 'preparing',
    file_name: null,
    num_molecules: null,
    size_bytes: null,
    message: null,
    created_at: 1,
    expires_at: expiresAt,
  };
}
