import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { getDatabases } from '../../api/search-api.ts';
import { Button } from '../../ui/button.tsx';
import type { HitQuery } from '@molsearch/api';
import { DatabaseView } from './database-view.tsx';
import { HitOpenerContext } from './hit-opener.ts';
import type { MoleculeRow } from './results.types.ts';
import { DownloadDialog } from './download-dialog.tsx';
import { FiltersLine } from './filters-line.tsx';
import { FloatingMenu } from './floating-menu.tsx';
import { queryMoleculeRow } from './page-rows.ts';
import { orderEmail, quoteMailto } from './quote-mail.ts';
import { ResultsSkeleton } from './results-skeleton.tsx';
import { useResultsSource } from './results-source.ts';
import { SectionsView } from './sections-view.tsx';
import { scoreRarity } from './similarity-band.ts';
import type { ScoreRarity } from './similarity-band.ts';
import type { ResultsLayout } from './molecule-grid.tsx';
import { useSearchResults } from './use-search-results.ts';
import { methodInfo, qualityInfo } from '../../shared/search-options.ts';
import styles from './search-results.module.css';

// The detail view (and, inside it, the 3D viewer) loads when a hit is first opened, not with the results.
const HitDetailDialog = lazy(() => import('../hit-detail/hit-detail-dialog.tsx').then((module) => ({ default: module.HitDetailDialog })));

/** What the search page hands over once a job has succeeded. */
export interface SubmittedSearch {
  jobName: string;
  smiles: string;
  method: string;
  quality: string;
  databases: string[];
}

export interface SearchResultsProps {
  search: SubmittedSearch;
  onModify: () => void;
  onNewSearch: () => void;
  /** Move the focus to the results heading when they appear (after a search the user just ran). */
  focusOnShow?: boolean;
}


/** The results of a finished search: sections or one database, selection, downloads and quotes. */
export function SearchResults({ search, onModify, onNewSearch, focusOnShow = false }: SearchResultsProps): React.JSX.Element {
  const source = useResultsSource();
  const top = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a search the user ran, the results come into view and take the focus (not the top of the page).
  useEffect(() => {
    if (!focusOnShow) return;
    heading.current?.focus({ preventScroll: true });
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [focusOnShow, search.jobName]);
  const databases = useQuery({ queryKey: ['databases'], queryFn: getDatabases, staleTime: 5 * 60_000 });
  const labelOf = useCallback((id: string) => databases.data?.[id]?.display_name ?? id, [databases.data]);
  const scrollToTop = useCallback(() => {
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  const results = useSearchResults(search, scrollToTop, labelOf);
  const { state, histogram } = results;
  const [showSimilarity, setShowSimilarity] = useState(true);
  const [layout, setLayout] = useState<ResultsLayout>('cards');
  // Bands by rarity: each database's own score histogram, over all of its molecules.
  const rarityOf = useCallback(
    (dbName: string, score: number): ScoreRarity | null => {
      const info = histogram?.databases[dbName];
      if (!histogram || !info) return null;
      return scoreRarity({ binEdges: histogram.bin_edges, counts: info.counts, size: databases.data?.[dbName]?.['Number of molecules'] ?? info.total }, score);
    },
    [histogram, databases.data],
  );
  const [downloadOpen, setDownloadOpen] = useState(false);
  // The hit whose detail view is open over the results.
  const [openHit, setOpenHit] = useState<HitQuery | null>(null);
  const openHitOf = useCallback((row: MoleculeRow) => setOpenHit({ job_name: search.jobName, db_name: row.database, id: row.id }), [search.jobName]);
  const closeHit = useCallback(() => setOpenHit(null), []);
  // The query's own property values, beside its hits' once properties are shown.
  const queryProperties = useQuery({
    queryKey: ['properties', search.smiles],
    queryFn: () => source.properties(search.smiles),
    enabled: results.includeProperties,
    staleTime: Infinity,
  });
  const query = useMemo(
    () => ({ ...queryMoleculeRow(search.smiles), properties: results.includeProperties ? (queryProperties.data ?? {}) : {} }),
    [search.smiles, results.includeProperties, queryProperties.data],
  );

  const selectedIds = useMemo(() => [...state.selected], [state.selected]);
  const shownRows = useMemo(
    () => (state.view === 'database' ? (state.database?.results ?? []) : state.sections.flatMap((section) => section.results)),
    [state.view, state.database, state.sections],
  );
  const currentDb = state.view === 'database' ? state.database?.dbName : undefined;
  const hitCount = histogram ? Object.values(histogram.databases).reduce((sum, info) => sum + info.total, 0) : null;
  const ready = state.view === 'sections' || state.view === 'database';

  // Quotes go to one vendor: the open database, or the only one searched.
  const quoteDb = currentDb ?? (search.databases.length === 1 ? search.databases[0] : undefined);
  const quoteInfo = quoteDb ? databases.data?.[quoteDb] : undefined;
  const quoteEmail = orderEmail(quoteInfo?.Email);
  const quoteHref = useMemo(() => {
    if (!quoteDb || !quoteEmail) return null;
    const inDb = shownRows.filter((row) => row.database === quoteDb);
    const picked = inDb.filter((row) => state.selected.has(row.id));
    return quoteMailto(quoteEmail, labelOf(quoteDb), picked.length > 0 ? picked : inDb.slice(0, 30));
  }, [quoteDb, quoteEmail, shownRows, state.selected, labelOf]);

  const getQuote = () => {
    void source.trackQuotation(search.jobName, quoteDb);
    // With an order address the link itself opens the mail program.
    if (quoteHref) return;
    if (!quoteDb) {
      toast.info('Open one database to request a quote from its vendor');
      return;
    }
    toast.info(`${quoteInfo?.Vendor ?? labelOf(quoteDb)} lists no order e-mail. Please request a quote on ${quoteInfo?.Website ?? 'the vendor website'}.`);
  };

  return (
    <HitOpenerContext.Provider value={openHitOf}>
      <section ref={top} className={styles.results} aria-label="Search results">
        <header className={styles.summary}>
          <div className={styles.summaryText}>
            <h2 ref={heading} tabIndex={-1} className={styles.title}>
              Results
            </h2>
            <p className={styles.meta}>
              <span>{methodInfo(search.method)?.label ?? search.method}</span>
              <span>{qualityInfo(search.quality)?.label ?? search.quality}</span>
              <span>
                {search.databases.length} database{search.databases.length === 1 ? '' : 's'}
              </span>
              {hitCount !== null ? <span>{hitCount.toLocaleString('en-US')} hits</span> : null}
            </p>
            <code className={styles.querySmiles} title="Query SMILES">
              {search.smiles}
            </code>
            <FiltersLine jobName={search.jobName} />
          </div>
        </header>

        {ready ? (
          <div className={styles.toolbar} role="toolbar" aria-label="Results options">
            <div className={styles.toggles}>
              <label className={styles.switch}>
                <input type="checkbox" role="switch" checked={showSimilarity} onChange={(event) => setShowSimilarity(event.target.checked)} />
                <span>Show similarity</span>
              </label>
              <label className={styles.switch}>
                <input
                  type="checkbox"
                  role="switch"
                  checked={results.includeProperties}
                  disabled={state.busy === 'properties'}
                  onChange={(event) => results.setIncludeProperties(event.target.checked)}
                />
                <span>Properties</span>
              </label>
              <label className={styles.switch}>
                <input type="checkbox" role="switch" checked={layout === 'table'} onChange={(event) => setLayout(event.target.checked ? 'table' : 'cards')} />
                <span>Table view</span>
              </label>
            </div>
            <div className={styles.actions}>
              <span className={styles.selection} aria-live="polite">
                {selectedIds.length} selected
              </span>
              {selectedIds.length > 0 ? (
                <Button size="sm" variant="ghost" onClick={() => results.setSelected([])}>
                  Clear selection
                </Button>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => results.setSelected(shownRows.map((row) => row.id))} disabled={shownRows.length === 0}>
                  Select all shown
                </Button>
              )}
              {quoteHref ? (
                <a className={styles.quoteLink} href={quoteHref} onClick={getQuote}>
                  Get quote
                </a>
              ) : (
                <Button size="sm" variant="secondary" onClick={getQuote}>
                  Get quote
                </Button>
              )}
              <Button size="sm" variant="primary" onClick={() => setDownloadOpen(true)}>
                {selectedIds.length > 0 ? `Download selected (${selectedIds.length})` : 'Download'}
              </Button>
            </div>
          </div>
        ) : null}

        {state.view === 'loading' ? <ResultsSkeleton /> : null}
        {state.view === 'empty' ? (
          <div className={styles.empty} role="status">
            <p className={styles.emptyTitle}>{state.message ?? 'No results found'}</p>
            <p>Try another method, a higher search quality or more databases.</p>
            <Button variant="primary" onClick={onModify}>
              Modify search
            </Button>
          </div>
        ) : null}
        {state.view === 'sections' ? (
          <SectionsView
            sections={state.sections}
            missing={state.missing}
            query={query}
            histogram={histogram}
            selected={state.selected}
            onToggle={results.toggleSelected}
            onOpen={results.openDatabase}
            opening={state.busy === 'opening'}
            showSimilarity={showSimilarity}
            showProperties={results.includeProperties}
            labelOf={labelOf}
            rarityOf={rarityOf}
            layout={layout}
          />
        ) : null}
        {state.view === 'database' && state.database ? (
          <DatabaseView
            view={state.database}
            query={query}
            histogram={histogram}
            selected={state.selected}
            onToggle={results.toggleSelected}
            onBack={search.databases.length > 1 && state.sections.length > 0 ? results.backToSections : undefined}
            onLoadMore={results.loadMore}
            onThreshold={results.applyThreshold}
            busy={state.busy}
            showSimilarity={showSimilarity}
            showProperties={results.includeProperties}
            labelOf={labelOf}
            rarityOf={rarityOf}
            layout={layout}
          />
        ) : null}

        <FloatingMenu onModify={onModify} onNewSearch={onNewSearch} />
        <DownloadDialog
          open={downloadOpen}
          onOpenChange={setDownloadOpen}
          jobName={search.jobName}
          selectedIds={selectedIds}
          dbName={currentDb}
          databaseLabel={currentDb ? labelOf(currentDb) : search.databases.length === 1 ? labelOf(search.databases[0]!) : 'every database searched'}
          threshold={state.database?.threshold ?? 0}
          withProperties={results.includeProperties}
        />
        {openHit ? (
          <Suspense fallback={null}>
            <HitDetailDialog hit={openHit} onClose={closeHit} />
          </Suspense>
        ) : null}
      </section>
    </HitOpenerContext.Provider>
  );
}
