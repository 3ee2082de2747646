import type { DownloadLinkAnswer, DownloadLinkQuery, HistogramAnswer, HistogramQuery, PageAnswer, PageQuery } from '@molsearch/api';
import { createContext, useContext } from 'react';
import type { PrepareDownloadRequest } from '../../api/search-api.ts';
import type { PropertyValue } from './results.types.ts';
import { resultsApi } from './results-api.ts';

/**
 * Everything the results screens read from or tell the server, with the API's own request types. The
 * screens take it from context, so component tests can serve real result pages from memory while the app
 * talks to the API.
 */
export interface ResultsSource {
  page(request: PageQuery): Promise<PageAnswer>;
  histogram(request: HistogramQuery): Promise<HistogramAnswer>;
  /** Resolves with the download suffix: "selected" when ids were given, else "all". */
  prepareDownload(request: PrepareDownloadRequest): Promise<'all' | 'selected'>;
  downloadLink(request: DownloadLinkQuery): Promise<DownloadLinkAnswer>;
  /** A molecule's property columns (the query's, to compare with its hits). */
  properties(smiles: string): Promise<Record<string, PropertyValue>>;
  /** Tracking calls: they never reject, failures are silent (spec section 8). */
  trackSearch(jobName: string): Promise<void>;
  trackAdmet(jobName: string): Promise<void>;
  trackQuotation(jobName: string, dbName: string | undefined): Promise<void>;
}

export const ResultsSourceContext = createContext<ResultsSource>(resultsApi);

export function useResultsSource(): ResultsSource {
  return useContext(ResultsSourceContext);
}
