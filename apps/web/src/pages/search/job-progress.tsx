import type { Ref } from 'react';
import type { JobState } from './use-search-job.ts';
import styles from './search.module.css';

/** The spec's progress card texts for each job state; `labelOf` gives a database's display name. */
export function progressText(state: JobState, labelOf: (database: string) => string = (database) => database): string {
  switch (state.phase) {
    case 'submitting':
    case 'queued':
      return 'Search queued, waiting to start...';
    case 'executing':
      return state.database ? `Searching molecules in ${labelOf(state.database)}...` : 'Executing search...';
    case 'success':
      return 'Search completed successfully';
    case 'failed':
      return 'Search failed';
    default:
      return '';
  }
}

/**
 * The card shown while a job runs. The percentage shows from the moment the job executes, so a short
 * job shows it too; the bar appears only between 0 and 100 % (spec section 4).
 */
export function JobProgress({ state, labelOf, ref }: { state: JobState; labelOf?: (database: string) => string; ref?: Ref<HTMLElement> }): React.JSX.Element | null {
  if (state.phase === 'idle') return null;
  const showBar = state.percent > 0 && state.percent < 100;
  const showPercent = state.phase === 'executing';
  const tone = state.phase === 'failed' ? styles.progressFailed : state.phase === 'success' ? styles.progressDone : '';
  return (
    <section ref={ref} tabIndex={-1} className={`${styles.progress} ${tone}`} aria-live="polite" aria-label="Search progress">
      <div className={styles.progressHead}>
        <span className={styles.progressText}>{progressText(state, labelOf)}</span>
        {showPercent ? <span className={styles.progressPercent}>{Math.round(state.percent)}%</span> : null}
      </div>
      {showBar ? (
        <div className={styles.progressTrack} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(state.percent)}>
          <div className={styles.progressBar} style={{ width: `${state.percent}%` }} />
        </div>
      ) : null}
      {state.phase === 'failed' && state.message ? <p className={styles.progressMessage}>{state.message}</p> : null}
    </section>
  );
}
