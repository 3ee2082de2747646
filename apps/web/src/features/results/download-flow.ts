import type { FileFormat } from '@molsearch/api';
import { HttpError } from '../../api/http.ts';
import type { PrepareDownloadRequest } from '../../api/search-api.ts';
import type { ResultsSource } from './results-source.ts';

/** Spec section 9: the link is polled up to 60 times, 10 s apart (at most about 3 minutes of preparing plus margin). */
export const DOWNLOAD_POLL_ATTEMPTS = 60;
export const DOWNLOAD_POLL_INTERVAL_MS = 10_000;

export type DownloadProgress =
  | { phase: 'preparing' }
  | { phase: 'waiting'; attempt: number; attempts: number }
  | { phase: 'ready'; link: string; molecules: number | null };

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
}

export interface DownloadOptions {
  signal?: AbortSignal;
  attempts?: number;
  intervalMs?: number;
}

/** Prepares a download file, then polls for its link (spec section 4, "Download flow"). Resolves with the link. */
export async function runDownload(
  source: ResultsSource,
  request: PrepareDownloadRequest,
  onProgress: (progress: DownloadProgress) => void,
  options: DownloadOptions = {},
): Promise<string> {
  const attempts = options.attempts ?? DOWNLOAD_POLL_ATTEMPTS;
  onProgress({ phase: 'preparing' });
  let suffix: 'all' | 'selected';
  try {
    suffix = await source.prepareDownload(request);
  } catch (error) {
    throw new DownloadError(prepareMessage(error));
  }
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(options.intervalMs ?? DOWNLOAD_POLL_INTERVAL_MS, options.signal);
    onProgress({ phase: 'waiting', attempt, attempts });
    let answer;
    try {
      answer = await source.downloadLink({ job_name: request.job_name, file_format: request.file_format, download_suff: suffix, db_name: request.db_name });
    } catch (error) {
      throw new DownloadError(error instanceof HttpError && error.status !== undefined ? httpMessage(error) : 'Download process failed');
    }
    if (answer.status === 'READY' && answer.download_link) {
      onProgress({ phase: 'ready', link: answer.download_link, molecules: answer.num_molecules });
      return answer.download_link;
    }
    if (answer.status === 'FAILED') throw new DownloadError(answer.message || 'Download process failed');
  }
  throw new DownloadError('Timed out waiting for download link');
}

function prepareMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return 'Unknown error during download preparation';
  if (error.status !== undefined) return httpMessage(error);
  return 'Failed to prepare download';
}

function httpMessage(error: HttpError): string {
  return `HTTP ${error.status}: ${error.serverMessage ?? error.message}`;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DownloadError('Download process failed'));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DownloadError('Download process failed'));
      },
      { once: true },
    );
  });
}

/** File name extensions and labels of the formats the server writes. */
export const DOWNLOAD_FORMATS: { value: FileFormat; label: string; hint: string }[] = [
  { value: 'csv', label: 'CSV', hint: 'Spreadsheet-ready table with SMILES, ids and scores' },
  { value: 'sdf', label: 'SDF', hint: 'Structure-data file; 3D searches give poses aligned on the query' },
  { value: 'smi', label: 'SMILES', hint: 'One SMILES and id per line' },
  { value: 'xlsx', label: 'XLSX', hint: 'Excel workbook' },
];

/** Hands the prepared file to the browser's download manager. */
export function startBrowserDownload(link: string): void {
  const anchor = document.createElement('a');
  anchor.href = link;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
