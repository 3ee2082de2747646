import type { JobState } from './use-search-job.ts';
import styles from './search.module.css';

/** The spec's progress card texts for each job state. */
export function progressText(state: JobState): string {
  switch (state.phase) {
    case 'submitting':
    case 'queued':
      return 'Search queued, waiting to start...';
    case 'executing':
      return state.database ? `Searching molecules in ${state.database}...` : 'Executing search...';
    case 'success':
      return 'Search completed successfully';
    case 'failed':
      return 'Search failed';
    default:
      return '';
  }
}

/** The card shown while a job runs; the bar appears only between 0 and 100 %. */
export function JobProgress({ state }: { state: JobState }): React.JSX.Element | null {
  if (state.phase === 'idle') return null;
  const showBar = state.percent > 0 && state.percent < 100;
  const tone = state.phase === 'failed' ? styles.progressFailed : state.phase === 'success' ? styles.progressDone : '';
  return (
    <section className={`${styles.progress} ${tone}`} aria-live="polite" aria-label="Search progress">
      <div className={styles.progressHead}>
        <span className={styles.progressText}>{progressText(state)}</span>
        {showBar ? <span className={styles.progressPercent}>{Math.round(state.percent)}%</span> : null}
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
