import type { HistogramAnswer } from '@molsearch/api';
import { Suspense, lazy, useMemo, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useHitOpener } from './hit-opener.ts';
import { HIT_ORDER_OPTIONS, orderHits } from './hit-order.ts';
import type { HitOrder, HitOrderKey } from './hit-order.ts';
import { HitGrid } from './molecule-grid.tsx';
import type { HitDisplay } from './molecule-grid.tsx';
import type { ResultsState } from './results-state.ts';
import type { DatabaseHistogram, DatabaseView as DatabaseViewState, MoleculeRow } from './results.types.ts';
import { formatSimilarity } from './similarity-band.ts';
import { ThresholdControl } from './threshold-control.tsx';
import styles from './search-results.module.css';

// recharts stays out of the search page's first load, as for the histogram.
const ScoreScatter = lazy(() => import('./score-scatter.tsx').then((module) => ({ default: module.ScoreScatter })));

export interface DatabaseViewProps extends HitDisplay {
  view: DatabaseViewState;
  query: MoleculeRow;
  histogram: HistogramAnswer | null;
  /** Back to the sections view; absent when only one database was searched. */
  onBack: (() => void) | undefined;
  onLoadMore: () => void;
  onThreshold: (threshold: number) => void;
  busy: ResultsState['busy'];
}

/** All hits of one database, 30 at a time, with the query molecule first and the threshold slider above. */
export function DatabaseView(props: DatabaseViewProps): React.JSX.Element {
  const { view, query, histogram, onBack, onLoadMore, onThreshold, busy, showProperties, labelOf } = props;
  const label = labelOf(view.dbName);
  const info = histogram?.databases[view.dbName];
  const databaseHistogram: DatabaseHistogram | null = useMemo(
    () => (info && histogram ? { binEdges: histogram.bin_edges, counts: info.counts, total: info.total, min: info.min, max: info.max } : null),
    [info, histogram],
  );
  const [order, setOrder] = useState<HitOrder>({ key: 'rank', descending: true });
  const openHit = useHitOpener();
  // A property order needs the property columns; without them the hits keep their rank.
  const effectiveOrder = HIT_ORDER_OPTIONS.find((option) => option.key === order.key)?.property && !showProperties ? { key: 'rank' as const, descending: true } : order;
  const rows = useMemo(() => orderHits([query, ...view.results], effectiveOrder), [query, view.results, effectiveOrder]);

  return (
    <div className={styles.databaseView} data-database-view={view.dbName}>
      <header className={styles.databaseHeader}>
        {onBack ? (
          <Button variant="ghost" size="sm" onClick={onBack}>
            ← All databases
          </Button>
        ) : null}
        <div>
          <h3 className={styles.sectionTitle}>{label}</h3>
          <p className={styles.sectionMeta}>
            Showing {view.results.length.toLocaleString('en-US')}
            {info ? ` of ${info.total.toLocaleString('en-US')}` : ''} molecules
            {view.threshold > 0 ? ` with similarity ≥ ${formatSimilarity(view.threshold)}` : ''}
          </p>
        </div>
      </header>
      <ThresholdControl
        key={view.dbName}
        databaseName={label}
        histogram={databaseHistogram}
        applied={view.threshold}
        onApply={onThreshold}
        busy={busy === 'threshold'}
      />
      <Suspense fallback={null}>
        <ScoreScatter rows={view.results} databaseName={label} onOpen={openHit} />
      </Suspense>
      <div className={styles.orderControl}>
        <label>
          Order by{' '}
          <select value={effectiveOrder.key} onChange={(event) => setOrder({ key: event.target.value as HitOrderKey, descending: event.target.value === 'rank' || order.descending })}>
            {HIT_ORDER_OPTIONS.filter((option) => !option.property || showProperties).map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={styles.orderDirection} onClick={() => setOrder({ key: effectiveOrder.key, descending: !effectiveOrder.descending })}>
          {effectiveOrder.key === 'rank' ? (effectiveOrder.descending ? 'Best first' : 'Worst first') : effectiveOrder.descending ? 'High to low' : 'Low to high'}
        </button>
        <span className={styles.orderNote}>of the {view.results.length.toLocaleString('en-US')} loaded</span>
      </div>
      <div className={busy === 'threshold' || busy === 'properties' ? styles.refreshing : undefined} aria-busy={busy !== null}>
        {view.results.length === 0 ? (
          <p className={styles.notice} role="status">
            No molecules found with similarity ≥ {formatSimilarity(view.threshold)} in {label}
          </p>
        ) : null}
        <HitGrid rows={rows} label={`Results from ${label}`} display={props} />
      </div>
      <footer className={styles.more}>
        {view.hasMore ? (
          <Button variant="secondary" onClick={onLoadMore} disabled={busy !== null}>
            {busy === 'more' ? (
              <>
                <Spinner label="Loading more" /> Loading...
              </>
            ) : (
              'Load more'
            )}
          </Button>
        ) : (
          <p className={styles.allLoaded}>All molecules loaded from {label}</p>
        )}
      </footer>
    </div>
  );
}
