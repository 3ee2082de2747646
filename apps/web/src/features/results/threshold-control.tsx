import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import type { DatabaseHistogram } from './results.types.ts';
import { formatSimilarity } from './similarity-band.ts';
import { snapThreshold, thresholdRange } from './threshold-range.ts';
import styles from './threshold-control.module.css';

// The chart library is large and only the database view needs it: it loads on first use.
const HistogramChart = lazy(() => import('./histogram-chart.tsx').then((module) => ({ default: module.HistogramChart })));

/** Keys move the fine-stepped slider by a hundredth (a tenth with Page Up/Down), as the eye reads the scale. */
const KEY_STEPS: Record<string, number> = { ArrowRight: 0.01, ArrowUp: 0.01, ArrowLeft: -0.01, ArrowDown: -0.01, PageUp: 0.1, PageDown: -0.1 };

/** Spec section 9: the threshold is applied 500 ms after the slider last moved. */
export const THRESHOLD_DEBOUNCE_MS = 500;

export interface ThresholdControlProps {
  databaseName: string;
  histogram: DatabaseHistogram | null;
  /** The threshold the shown results were loaded with; 0 means none. */
  applied: number;
  onApply: (threshold: number) => void;
  busy: boolean;
}

/** The similarity threshold slider over the database's histogram of similarities. */
export function ThresholdControl({ databaseName, histogram, applied, onApply, busy }: ThresholdControlProps): React.JSX.Element {
  const id = useId();
  const range = thresholdRange(histogram?.binEdges ?? [], histogram?.min ?? null, histogram?.max ?? null);
  const [value, setValue] = useState(Math.max(applied, range.min));
  const pending = useRef<number | null>(null);
  const onApplyRef = useRef(onApply);
  onApplyRef.current = onApply;

  useEffect(() => {
    if (pending.current === null) return;
    const next = pending.current;
    const timer = setTimeout(() => {
      pending.current = null;
      // The lowest position keeps every hit: no threshold is sent.
      onApplyRef.current(next <= range.min ? 0 : next);
    }, THRESHOLD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, range.min]);

  const bins = histogram
    ? histogram.counts
        .map((count, index) => ({ start: histogram.binEdges[index] ?? 0, end: histogram.binEdges[index + 1] ?? 1, count }))
        .filter((bin) => bin.start >= range.min - 1e-9 && bin.start <= range.max + 1e-9)
    : [];
  const filtering = value > range.min;
  const move = (next: number) => {
    const snapped = snapThreshold(next, range);
    pending.current = snapped;
    setValue(snapped);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-label`}>
      <div className={styles.header}>
        <label id={`${id}-label`} htmlFor={`${id}-slider`} className={styles.label}>
          Similarity threshold
        </label>
        <output htmlFor={`${id}-slider`} className={styles.value} aria-live="polite">
          {filtering ? `≥ ${formatSimilarity(value)}` : 'All results'}
        </output>
      </div>
      {bins.length > 0 ? (
        <div className={styles.chart} aria-hidden="true">
          <Suspense fallback={null}>
            <HistogramChart bins={bins} threshold={value} filtering={filtering} databaseName={databaseName} />
          </Suspense>
        </div>
      ) : null}
      <input
        id={`${id}-slider`}
        className={styles.slider}
        type="range"
        min={range.min}
        max={range.max}
        step="any"
        value={value}
        disabled={range.max <= range.min}
        aria-valuetext={filtering ? `Similarity at least ${formatSimilarity(value)}` : 'All results'}
        aria-busy={busy}
        onChange={(event) => move(Number(event.target.value))}
        onKeyDown={(event) => {
          const delta = KEY_STEPS[event.key];
          if (delta === undefined) return;
          event.preventDefault();
          move(value + delta);
        }}
      />
      <div className={styles.scale} aria-hidden="true">
        <span>{formatSimilarity(range.min)}</span>
        <span>{formatSimilarity(range.max)}</span>
      </div>
    </section>
  );
}
