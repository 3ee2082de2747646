import { buildUrl, http } from '../../api/http.ts';
import { getDownloadLink, getHistograms, getProperties, getResultsPage, prepareDownload } from '../../api/search-api.ts';
import type { ResultsSource } from './results-source.ts';

/** Records an event of a finished search; failures are silent by design (spec section 8). */
async function track(path: string, body: Record<string, unknown>): Promise<void> {
  try {
    await http<unknown>(path, { method: 'POST', body, timeoutMs: 10_000 });
  } catch {
    // Tracking must never disturb the results.
  }
}

/** The results screens' calls against our API. */
export const resultsApi: ResultsSource = {
  page: getResultsPage,
  histogram: getHistograms,
  prepareDownload,
  downloadLink: getDownloadLink,
  properties: getProperties,
  trackSearch: (jobName) => track('/api/track/search', { job_name: jobName }),
  trackAdmet: (jobName) => track('/api/track/admet', { job_name: jobName }),
  trackQuotation: (jobName, dbName) => track('/api/track/quotation', { job_name: jobName, ...(dbName ? { db_name: dbName } : {}) }),
};

/** URL of the server's SVG drawing of `smiles` (GET /api/depict). */
export function depictionUrl(smiles: string, width: number, height: number): string {
  return buildUrl('/api/depict', { smiles, width, height });
}
