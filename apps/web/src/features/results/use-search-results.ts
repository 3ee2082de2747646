import type { HistogramAnswer } from '@molsearch/api';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import { track } from '../../analytics/track.ts';
import { HISTOGRAM_BINS } from '@molsearch/api';
import { pageToRows } from './page-rows.ts';
import { PAGE_SIZE, SECTION_PREVIEW_SIZE, initialResultsState, resultsReducer, sectionsFrom } from './results-state.ts';
import type { ResultsState } from './results-state.ts';
import { useResultsSource } from './results-source.ts';
import type { SubmittedSearch } from './search-results.tsx';
import { formatSimilarity } from './similarity-band.ts';
import { countAtOrAbove } from './threshold-range.ts';

/** Largest page the API serves; reloading loaded pages with properties uses one request up to this. */
const MAX_RELOAD_ROWS = 990;

export interface SearchResultsControls {
  state: ResultsState;
  histogram: HistogramAnswer | null;
  includeProperties: boolean;
  openDatabase: (dbName: string) => void;
  backToSections: () => void;
  loadMore: () => void;
  applyThreshold: (threshold: number) => void;
  setIncludeProperties: (on: boolean) => void;
  toggleSelected: (id: string) => void;
  setSelected: (ids: string[]) => void;
}

/**
 * The results flow of spec section 4 (steps 2 to 7): track the search, fetch the histogram, show
 * sections or one database, page with "load more" and reload with a similarity threshold.
 * Messages name databases through `labelOf`. `onViewChange` runs when a new set of results replaces the old one, so the screen can scroll to the top.
 */
export function useSearchResults(
  search: SubmittedSearch,
  onViewChange: () => void,
  labelOf: (dbName: string) => string = (dbName) => dbName,
): SearchResultsControls {
  const labelRef = useRef(labelOf);
  labelRef.current = labelOf;
  const source = useResultsSource();
  const [state, dispatch] = useReducer(resultsReducer, initialResultsState);
  const [histogram, setHistogram] = useState<HistogramAnswer | null>(null);
  const [includeProperties, setIncludePropertiesState] = useState(false);
  // Every load takes a ticket; an answer whose ticket is no longer the latest is dropped.
  const ticket = useRef(0);
  const tracked = useRef<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const { jobName, databases } = search;
  const databasesKey = databases.join(',');

  const loadInitial = useCallback(
    async (withProperties: boolean, mine: number) => {
      const histogramAnswer = source.histogram({ job_name: jobName, n_bins: HISTOGRAM_BINS }).catch(() => null);
      void histogramAnswer.then((answer) => {
        if (ticket.current === mine) setHistogram(answer);
      });
      const names = databasesKey.split(',').filter(Boolean);
      if (names.length > 1) {
        const previews = await Promise.all(
          names.map((dbName) =>
            source
              .page({ job_name: jobName, page_num: 0, page_size: SECTION_PREVIEW_SIZE, db_name: dbName, include_properties: withProperties })
              .then((page) => ({ dbName, rows: pageToRows(page) }))
              .catch(() => ({ dbName, rows: null })),
          ),
        );
        const totals: Record<string, number> = {};
        const answer = await histogramAnswer;
        for (const [name, info] of Object.entries(answer?.databases ?? {})) totals[name] = info.total;
        if (ticket.current !== mine) return;
        const { sections, missing } = sectionsFrom(previews, totals);
        if (sections.length === 0) toast.error('No results found');
        dispatch({ type: 'sections-loaded', sections, missing });
        return;
      }
      const dbName = names[0];
      const page = await source.page({ job_name: jobName, page_num: 0, page_size: PAGE_SIZE, db_name: dbName, include_properties: withProperties });
      if (ticket.current !== mine) return;
      const rows = pageToRows(page);
      if (rows.length === 0) {
        toast.error('No results found');
        dispatch({ type: 'empty', message: 'No results found' });
        return;
      }
      dispatch({ type: 'database-loaded', dbName: dbName ?? rows[0]!.database, rows, threshold: 0 });
    },
    [source, jobName, databasesKey],
  );

  useEffect(() => {
    const mine = ++ticket.current;
    dispatch({ type: 'reset' });
    setHistogram(null);
    setIncludePropertiesState(false);
    if (tracked.current !== jobName) {
      tracked.current = jobName;
      void source.trackSearch(jobName);
    }
    loadInitial(false, mine).catch(() => {
      if (ticket.current !== mine) return;
      toast.error('Failed to complete search');
      dispatch({ type: 'empty', message: 'Failed to complete search' });
    });
  }, [source, jobName, loadInitial]);

  const openDatabase = useCallback(
    (dbName: string) => {
      const mine = ++ticket.current;
      dispatch({ type: 'busy', busy: 'opening' });
      source
        .page({ job_name: jobName, page_num: 0, page_size: PAGE_SIZE, db_name: dbName, include_properties: includeProperties })
        .then((page) => {
          if (ticket.current !== mine) return;
          dispatch({ type: 'database-loaded', dbName, rows: pageToRows(page), threshold: 0 });
          onViewChange();
        })
        .catch(() => {
          if (ticket.current !== mine) return;
          dispatch({ type: 'busy', busy: null });
          toast.error(`Failed to load more results from ${labelRef.current(dbName)}`);
        });
    },
    [source, jobName, includeProperties, onViewChange],
  );

  const backToSections = useCallback(() => {
    ++ticket.current;
    dispatch({ type: 'back-to-sections' });
    onViewChange();
  }, [onViewChange]);

  const loadMore = useCallback(() => {
    const current = stateRef.current.database;
    if (!current || stateRef.current.busy) return;
    const mine = ++ticket.current;
    const { dbName, threshold } = current;
    dispatch({ type: 'busy', busy: 'more' });
    source
      .page({ job_name: jobName, page_num: current.currentPage + 1, page_size: PAGE_SIZE, db_name: dbName, include_properties: includeProperties, sim_th: threshold })
      .then((page) => {
        if (ticket.current !== mine) return;
        const rows = pageToRows(page);
        dispatch({ type: 'more-loaded', dbName, rows });
        if (rows.length === 0) toast.info(`All results loaded from ${labelRef.current(dbName)}`);
        else toast.success(`Loaded ${rows.length} more molecules from ${labelRef.current(dbName)}`);
      })
      .catch(() => {
        if (ticket.current !== mine) return;
        dispatch({ type: 'busy', busy: null });
        toast.error(`Failed to load more results from ${labelRef.current(dbName)}`);
      });
  }, [source, jobName, includeProperties]);

  const applyThreshold = useCallback(
    (threshold: number) => {
      const current = stateRef.current.database;
      if (!current) return;
      const mine = ++ticket.current;
      const { dbName } = current;
      track('use_similarity_slider', { database: dbName, threshold });
      dispatch({ type: 'busy', busy: 'threshold' });
      source
        .page({ job_name: jobName, page_num: 0, page_size: PAGE_SIZE, db_name: dbName, include_properties: includeProperties, sim_th: threshold })
        .then((page) => {
          if (ticket.current !== mine) return;
          const rows = pageToRows(page);
          dispatch({ type: 'database-loaded', dbName, rows, threshold });
          onViewChange();
          const shown = formatSimilarity(threshold);
          if (rows.length === 0) {
            toast.info(`No molecules found with similarity ≥ ${shown} in ${labelRef.current(dbName)}`);
            return;
          }
          // A short page is the whole answer; a full one is counted from the histogram.
          const counted = histogramCount(threshold, dbName);
          const found = rows.length < PAGE_SIZE || counted === null ? rows.length : Math.max(counted, rows.length);
          toast.success(`Found ${found} molecule${found === 1 ? '' : 's'} with similarity ≥ ${shown} in ${labelRef.current(dbName)}`);
        })
        .catch(() => {
          if (ticket.current !== mine) return;
          dispatch({ type: 'busy', busy: null });
          toast.error('Failed to apply similarity threshold');
        });

      function histogramCount(value: number, name: string): number | null {
        const info = histogram?.databases[name];
        return info && histogram ? countAtOrAbove(histogram.bin_edges, info.counts, value) : null;
      }
    },
    [source, jobName, includeProperties, histogram, onViewChange],
  );

  const setIncludeProperties = useCallback(
    (on: boolean) => {
      setIncludePropertiesState(on);
      if (on) void source.trackAdmet(jobName);
      const current = stateRef.current;
      const mine = ++ticket.current;
      dispatch({ type: 'busy', busy: 'properties' });
      const failed = () => {
        if (ticket.current !== mine) return;
        dispatch({ type: 'busy', busy: null });
        toast.error('Failed to complete search');
      };
      if (current.view === 'database' && current.database) {
        // Reload every page loaded so far in one request, so the grid keeps its length.
        const { dbName, threshold, results } = current.database;
        const size = Math.min(MAX_RELOAD_ROWS, Math.max(PAGE_SIZE, Math.ceil(results.length / PAGE_SIZE) * PAGE_SIZE));
        source
          .page({ job_name: jobName, page_num: 0, page_size: size, db_name: dbName, include_properties: on, sim_th: threshold })
          .then((page) => {
            if (ticket.current !== mine) return;
            const rows = pageToRows(page);
            dispatch({ type: 'database-loaded', dbName, rows, threshold, currentPage: size / PAGE_SIZE - 1, hasMore: rows.length >= size });
          })
          .catch(failed);
      } else if (current.view === 'sections') {
        loadInitial(on, mine).catch(failed);
      } else {
        dispatch({ type: 'busy', busy: null });
      }
    },
    [source, jobName, loadInitial],
  );

  const toggleSelected = useCallback((id: string) => {
    track(stateRef.current.selected.has(id) ? 'molecule_deselected' : 'molecule_selected', { molecule_id: id });
    dispatch({ type: 'toggle-selected', id });
  }, []);
  const setSelected = useCallback((ids: string[]) => dispatch({ type: 'set-selected', ids }), []);

  return { state, histogram, includeProperties, openDatabase, backToSections, loadMore, applyThreshold, setIncludeProperties, toggleSelected, setSelected };
}
