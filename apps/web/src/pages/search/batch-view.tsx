import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BatchStatusAnswer, SubmitBatchAnswer } from '@molsearch/api';
import { batchDownloadUrl, getBatchPage, getBatchStatus, getQueryHits } from '../../api/batch-api.ts';
import { JOB_POLL_INTERVAL_MS } from '../../api/search-api.ts';
import styles from './batch-view.module.css';

/** Hits shown per query section and in the merged view; the CSV has each query's best 1,000. */
const SECTION_HITS = 10;
const MERGED_HITS = 30;

/**
 * A submitted batch: progress as queries finish, the rows of the file that were skipped, then one section per
 * query with its best hits, the merged view (each molecule once, by its best similarity to any query) and the CSV.
 */
export function BatchView({ batch }: { batch: SubmitBatchAnswer }): React.JSX.Element {
  const status = useQuery({
    queryKey: ['batch-status', batch.batch_id],
    queryFn: () => getBatchStatus(batch.batch_id),
    refetchInterval: (query) => (query.state.data?.status === 'SUCCESS' ? false : JOB_POLL_INTERVAL_MS),
  });
  const data = status.data;
  const total = data?.queries_total ?? batch.queries;
  const done = data?.queries_done ?? 0;
  const finished = data?.status === 'SUCCESS';
  return (
    <section className={styles.batch} aria-label="Batch results">
      <h2 className={styles.title}>Batch search</h2>
      <p role="status" className={styles.progressText}>
        {finished ? `All ${total} queries done` : `${done} of ${total} queries done`}
        {data && data.queries_failed > 0 ? ` (${data.queries_failed} failed)` : ''}
      </p>
      <progress className={styles.progress} max={total} value={done} aria-label="Batch progress" />
      {batch.skipped_rows.length > 0 ? (
        <div className={styles.skipped}>
          <p>
            {batch.skipped_rows.length} {batch.skipped_rows.length === 1 ? 'row was' : 'rows were'} skipped:
          </p>
          <ul>
            {batch.skipped_rows.map((row) => (
              <li key={row.line}>
                line {row.line}: {row.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {finished && data ? <FinishedBatch status={data} /> : null}
    </section>
  );
}

function FinishedBatch({ status }: { status: BatchStatusAnswer }): React.JSX.Element {
  const merged = useQuery({ queryKey: ['batch-page', status.batch_id], queryFn: () => getBatchPage(status.batch_id, MERGED_HITS) });
  return (
    <>
      <p>
        <a className={styles.download} href={batchDownloadUrl(status.batch_id)} download>
          Download all hits (CSV)
        </a>
      </p>
      <h3>Queries</h3>
      <div className={styles.queries}>
        {status.queries.map((query) => (
          <QuerySection key={query.job_name} query={query} />
        ))}
      </div>
      <h3>Merged view</h3>
      <p className={styles.hint}>Each molecule once, ranked by its best similarity to any query.</p>
      {merged.data ? <HitTable label="Merged hits" hits={merged.data} /> : null}
    </>
  );
}

/** One query's section: closed at first; opening it loads the query's best hits. */
function QuerySection({ query }: { query: BatchStatusAnswer['queries'][number] }): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const hits = useQuery({ queryKey: ['batch-query', query.job_name], queryFn: () => getQueryHits(query.job_name, SECTION_HITS), enabled: open && query.status === 'SUCCESS' });
  const failed = query.status !== 'SUCCESS';
  return (
    <details className={styles.query} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className={styles.queryId}>{query.query_id}</span> <code className={styles.smiles}>{query.query_smiles}</code>{' '}
        <span className={styles.hint}>{failed ? 'failed' : `${(query.num_results ?? 0).toLocaleString('en-US')} hits`}</span>
      </summary>
      {hits.data ? (
        <HitTable label={`Top hits for ${query.query_id}`} hits={hits.data} />
      ) : open && !failed ? (
        <p className={styles.hint}>Loading hits…</p>
      ) : null}
    </details>
  );
}

/** Hits as a page answers them (parallel arrays); with `query_id`, the query each is most similar to. */
interface HitColumns {
  smiles: string[];
  id: string[];
  database: string[];
  db_id: string[];
  similarity: number[];
  query_id?: string[];
}

function HitTable({ label, hits }: { label: string; hits: HitColumns }): React.JSX.Element {
  const queries = hits.query_id;
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Similarity</th>
          {queries ? <th scope="col">Query</th> : null}
          <th scope="col">Database</th>
          <th scope="col">Id</th>
          <th scope="col">SMILES</th>
        </tr>
      </thead>
      <tbody>
        {hits.smiles.map((smiles, i) => (
          <tr key={hits.id[i]}>
            <td>{hits.similarity[i]!.toFixed(3)}</td>
            {queries ? <td>{queries[i]}</td> : null}
            <td>{hits.database[i]}</td>
            <td>{hits.db_id[i]}</td>
            <td className={styles.smiles}>{smiles}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
