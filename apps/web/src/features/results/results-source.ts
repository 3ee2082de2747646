import type { DownloadLinkAnswer, FileFormat, HistogramAnswer, PageAnswer } from '@molsearch/api';
import { createContext, useContext } from 'react';
import { resultsApi } from './results-api.ts';

export interface PageRequest {
  jobName: string;
  pageNum: number;
  pageSize: number;
  dbName?: string | undefined;
  includeProperties: boolean;
  /** Sent only when above 0 (spec section 7). */
  simTh?: number | undefined;
}

export interface PrepareDownloadRequest {
  jobName: string;
  format: FileFormat;
  includeProperties: boolean;
  includeMetadata: boolean;
  dbName?: string | undefined;
  simTh?: number | undefined;
  /** Result ids to download; empty means every hit. */
  ids: string[];
}

/**
 * Everything the results screens read from or tell the server. The screens take it from context, so
 * component tests can serve real result pages from memory while the app talks to the API.
 */
export interface ResultsSource {
  page(request: PageRequest): Promise<PageAnswer>;
  histogram(jobName: string, bins: number): Promise<HistogramAnswer>;
  prepareDownload(request: PrepareDownloadRequest): Promise<{ download_suff: 'all' | 'selected' }>;
  downloadLink(request: { jobName: string; format: FileFormat; suffix: 'all' | 'selected'; dbName?: string | undefined }): Promise<DownloadLinkAnswer>;
  /** Tracking calls: they never reject, failures are silent (spec section 8). */
  trackSearch(jobName: string): Promise<void>;
  trackAdmet(jobName: string): Promise<void>;
  trackQuotation(jobName: string, dbName: string | undefined): Promise<void>;
}

export const ResultsSourceContext = createContext<ResultsSource>(resultsApi);

export function useResultsSource(): ResultsSource {
  return useContext(ResultsSourceContext);
}
