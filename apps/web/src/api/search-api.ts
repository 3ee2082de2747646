import type {
  DatabaseInfo,
  DownloadLinkAnswer,
  DownloadLinkQuery,
  HistogramAnswer,
  HistogramQuery,
  JobStatusAnswer,
  PageAnswer,
  PageQuery,
  PrepareDownloadBody,
  PrepareDownloadQuery,
  SubmitSearchQuery,
} from '@molsearch/api';
import { http, HttpError } from './http.ts';
import { identityChanges } from './identity-gate.ts';

/** Spec limits (section 9). */
export const SUBMIT_TIMEOUT_MS = 20_000;
export const HEALTH_TIMEOUT_MS = 5_000;
export const JOB_POLL_ATTEMPTS = 100;
export const JOB_POLL_INTERVAL_MS = 1_000;
export const PAGE_SIZE = 30;
export const SECTION_PREVIEW_SIZE = 10;

const UNAUTHORIZED = 'Unauthorized. Please check your API key. You may refresh it by logging out and signing in again.';

export type DatabaseMap = Record<string, DatabaseInfo>;

/** prepare_download takes its options in the query and the chosen result ids in the body. */
export type PrepareDownloadRequest = PrepareDownloadQuery & PrepareDownloadBody;

export interface HealthResult {
  healthy: boolean;
  message?: string;
}

/** A failure of one of the search calls, carrying the spec's message for it. */
export class SearchApiError extends Error {
  override readonly name = 'SearchApiError';
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

let databasesOnce: Promise<DatabaseMap> | undefined;

/** GET /api/databases, cached after the first successful call. */
export function getDatabases(): Promise<DatabaseMap> {
  databasesOnce ??= http<DatabaseMap>('/api/databases').catch((error: unknown) => {
    databasesOnce = undefined;
    throw error;
  });
  return databasesOnce;
}

/** A random catalogue molecule's SMILES, with the spec's messages for each failure. */
export async function getRandomMolecule(): Promise<string> {
  let answer: unknown;
  try {
    answer = await http<unknown>('/api/random_molecule', { timeoutMs: 10_000 });
  } catch (error) {
    throw new SearchApiError(randomMoleculeMessage(error), error);
  }
  const first: unknown = Array.isArray(answer) ? answer[0] : undefined;
  if (typeof first === 'string' && first) return first;
  if (typeof first === 'object' && first !== null && typeof (first as { smiles?: unknown }).smiles === 'string') {
    return (first as { smiles: string }).smiles;
  }
  throw new SearchApiError('Invalid response format');
}

function randomMoleculeMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return 'Failed to fetch random molecule';
  if (error.failure === 'network') return 'Cannot connect to server. Please check if the server is running.';
  if (error.failure === 'timeout') return 'Request timed out while fetching random molecule.';
  if (error.status === 401) return UNAUTHORIZED;
  if (error.status === 500) {
    return 'Server error while fetching random molecule. Server might be currently down or having other problems with this request.';
  }
  return error.serverMessage ?? 'Failed to fetch random molecule';
}

/** Submits a search job and returns its job name. */
export async function submitSearch(request: SubmitSearchQuery): Promise<string> {
  let answer: unknown;
  try {
    answer = await http<unknown>('/api/submit_molsearch', { timeoutMs: SUBMIT_TIMEOUT_MS, query: { ...request }, callersOwn: true });
  } catch (error) {
    throw new SearchApiError(submitMessage(error), error);
  }
  const jobName = typeof answer === 'string' ? answer : (answer as { job_name?: unknown } | null)?.job_name;
  if (typeof jobName !== 'string' || !jobName) throw new SearchApiError('Invalid job ID returned from API');
  return jobName;
}

function submitMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return 'Failed to submit search job';
  if (error.failure === 'timeout') return 'Request timed out. The server may be slow or unresponsive.';
  if (error.status === 401) return UNAUTHORIZED;
  if (error.status === 500) return 'Server error. The server may be starting up or experiencing issues.';
  if (error.status === 400) return 'Invalid search parameters. Please check your input.';
  // Other refusals (too many queued searches, rate limits) carry the server's own explanation.
  return error.serverMessage ?? 'Failed to submit search job';
}

export function getJobStatus(jobName: string, signal?: AbortSignal): Promise<JobStatusAnswer> {
  return http<JobStatusAnswer>('/api/job_status', { query: { job_name: jobName }, signal, callersOwn: true });
}

export interface JobProgress {
  phase: 'queued' | 'executing' | 'success' | 'failed';
  percent: number;
  database: string | null;
}

/** Reads a job status: QUEUED, SUCCESS, FAILED, or a text with EXECUTING, "Searching in {db}" and "(NN%)". */
export function progressOf(status: Pick<JobStatusAnswer, 'status'> & Partial<JobStatusAnswer>): JobProgress {
  const text = status.status;
  if (text === 'SUCCESS') return { phase: 'success', percent: 100, database: status.database ?? null };
  if (text === 'FAILED') return { phase: 'failed', percent: status.percent ?? 0, database: status.database ?? null };
  if (text === 'QUEUED') return { phase: 'queued', percent: 0, database: null };
  const percentMatch = /\((\d+(?:\.\d+)?)%\)/.exec(text);
  const databaseMatch = /Searching in ([^()]+?)\s*(?:\(|$)/.exec(text);
  return {
    phase: 'executing',
    percent: status.percent ?? (percentMatch ? Number(percentMatch[1]) : 0),
    database: status.database ?? databaseMatch?.[1]?.trim() ?? null,
  };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new HttpError('Request aborted', 'aborted'));
      },
      { once: true },
    );
  });

/** Polls job_status up to 100 times, 1000 ms apart, reporting each status; resolves on SUCCESS. */
export async function pollJob(
  jobName: string,
  onProgress: (progress: JobProgress) => void,
  options: { signal?: AbortSignal; attempts?: number; intervalMs?: number } = {},
): Promise<JobStatusAnswer> {
  const attempts = options.attempts ?? JOB_POLL_ATTEMPTS;
  let changes = identityChanges();
  for (let attempt = 0; attempt < attempts; attempt++) {
    let status: JobStatusAnswer;
    try {
      status = await getJobStatus(jobName, options.signal);
    } catch (error) {
      // Asked as the visitor while the first visit's sign-in moved the search into its account: ask again as the account.
      if (!(error instanceof HttpError && error.status === 404 && identityChanges() !== changes)) throw error;
      changes = identityChanges();
      continue;
    }
    const progress = progressOf(status);
    onProgress(progress);
    if (progress.phase === 'success') return status;
    if (progress.phase === 'failed') throw new SearchApiError(status.reason ? `Search job failed: ${status.reason}` : 'Search job failed');
    await sleep(options.intervalMs ?? JOB_POLL_INTERVAL_MS, options.signal);
  }
  throw new SearchApiError('Timed out waiting for job completion');
}

/** Spec section 7: a similarity threshold is sent only when above 0. */
const positive = (threshold: number | undefined) => (threshold !== undefined && threshold > 0 ? threshold : undefined);

export function getResultsPage(request: PageQuery): Promise<PageAnswer> {
  return http<PageAnswer>('/api/get_molsearch_page', { query: { ...request, sim_th: positive(request.sim_th) }, callersOwn: true });
}

/** The property columns of one molecule, standardised like catalogue molecules (GET /api/properties). */
export function getProperties(smiles: string): Promise<Record<string, string | number | boolean | null>> {
  return http('/api/properties', { query: { smiles } });
}

export function getHistograms(request: HistogramQuery): Promise<HistogramAnswer> {
  return http<HistogramAnswer>('/api/get_sim_histograms', { query: { ...request }, callersOwn: true });
}

export async function prepareDownload(request: PrepareDownloadRequest): Promise<'all' | 'selected'> {
  const { neighbor_ids, ...query } = request;
  const answer = await http<{ download_suff: 'all' | 'selected' }>('/api/prepare_download', {
    method: 'POST',
    query: { ...query, sim_th: positive(query.sim_th) },
    body: { neighbor_ids: neighbor_ids ?? [] },
    callersOwn: true,
  });
  return answer.download_suff;
}

export function getDownloadLink(request: DownloadLinkQuery): Promise<DownloadLinkAnswer> {
  return http<DownloadLinkAnswer>('/api/get_download_link', { query: { ...request }, callersOwn: true });
}

/** The health check of the banner: GET /api/databases with a 5 s timeout, and the spec's messages. */
export async function checkHealth(): Promise<HealthResult> {
  try {
    await http<DatabaseMap>('/api/databases', { timeoutMs: HEALTH_TIMEOUT_MS });
    return { healthy: true };
  } catch (error) {
    return { healthy: false, message: healthMessage(error) };
  }
}

function healthMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return 'Server is not responding';
  if (error.failure === 'network') return 'Cannot connect to server. Make sure the server is running.';
  if (error.failure === 'timeout') return 'Server request timed out. The server may be slow or unresponsive.';
  if (error.status === 500) return 'Server error (500). The server may be starting up or experiencing issues.';
  if (error.status !== undefined) return `Server responded with error ${error.status}`;
  return 'Server is not responding';
}
