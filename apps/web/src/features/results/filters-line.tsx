import { useQuery } from '@tanstack/react-query';
import { PARTIAL_NOTE_PREFIX } from '@molsearch/api';
import { getJobStatus } from '../../api/search-api.ts';
import { filterPhrases } from './filter-summary.ts';
import styles from './search-results.module.css';

/**
 * The filters a search ran with, as the server stored them with its job, and its notes on what they did
 * (a database where nothing passed, or where less similar molecules went unchecked), and a search through
 * search nodes that lacks some parts of a database says so. Nothing without filters or notes.
 */
export function FiltersLine({ jobName }: { jobName: string }): React.JSX.Element | null {
  const status = useQuery({ queryKey: ['job-status', jobName], queryFn: () => getJobStatus(jobName), staleTime: Infinity });
  const phrases = status.data ? filterPhrases(status.data.filters) : [];
  const notes = status.data?.notes ?? [];
  if (phrases.length === 0 && notes.length === 0) return null;
  return (
    <div className={styles.filtersLine}>
      {phrases.length > 0 ? (
        <p className={styles.meta} aria-label="Filters">
          <strong>Filters:</strong>
          {phrases.map((phrase) => (
            <span key={phrase}>{phrase}</span>
          ))}
        </p>
      ) : null}
      {notes.map((note) =>
        note.startsWith(PARTIAL_NOTE_PREFIX) ? (
          // A part of a database had no live search node: said as loudly as an error, since hits are missing.
          <p key={note} className={styles.filterNote} role="alert">
            <strong>Partial results:</strong> {note.slice(PARTIAL_NOTE_PREFIX.length).trim()}
          </p>
        ) : (
          <p key={note} className={styles.filterNote} role="note">
            {note}
          </p>
        ),
      )}
    </div>
  );
}
