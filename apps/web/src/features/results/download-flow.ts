import type { FileFormat } from '@molsearch/api';
import { HttpError } from '../../api/http.ts';
import type { PrepareDownloadRequest } from '../../api/search-api.ts';
import type { ResultsSource } from './results-source.ts';

/** How long a download may take to prepare before the dialog gives up, as the dialog states it. */
export const DOWNLOAD_WAIT_LIMIT_MS = 3 * 60_000;
export const DOWNLOAD_WAIT_LIMIT_TEXT = '3 minutes';
const FIRST_RECHECK_MS = 250;
const LONGEST_WAIT_MS = 10_000;

/**
 * Waits before each link check: the first check at once (small files are often ready by then), then waits
 * doubling from a quarter of a second up to 10 s, until the waits add up to the limit. The spec's 60 checks
 * 10 s apart made every download take at least 10 s and waited 10 minutes, not the 3 it said.
 */
export function linkCheckWaits(limitMs = DOWNLOAD_WAIT_LIMIT_MS): number[] {
  const waits = [0];
  let total = 0;
  for (let next = FIRST_RECHECK_MS; total + next <= limitMs; next = Math.min(next * 2, LONGEST_WAIT_MS)) {
    waits.push(next);
    total += next;
  }
  return waits;
}

export type DownloadProgress =
  | { phase: 'preparing' }
  | { phase: 'waiting'; attempt: number; attempts: number }
  | { phase: 'ready'; link: string; molecules: number | null };

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Waits before each link check (see `linkCheckWaits`). */
  waits?: number[];
}

/** Prepares a download file, then polls for its link (spec section 4, "Download flow"). Resolves with the link. */
export async function runDownload(
  source: ResultsSource,
  request: PrepareDownloadRequest,
  onProgress: (progress: DownloadProgress) => void,
  options: DownloadOptions = {},
): Promise<string> {
  const waits = options.waits ?? linkCheckWaits();
  const attempts = waits.length;
  onProgress({ phase: 'preparing' });
  let suffix: 'all' | 'selected';
  try {
    suffix = await source.prepareDownload(request);
  } catch (error) {
    throw new DownloadError(prepareMessage(error));
  }
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const wait = waits[attempt - 1] ?? 0;
    if (wait > 0) await sleep(wait, options.signal);
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
