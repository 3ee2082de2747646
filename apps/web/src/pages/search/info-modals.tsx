import { SupportedDatabases } from '../../features/databases/supported-databases.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { methodInfo, qualityInfo, SEARCH_METHODS, SEARCH_QUALITIES } from '../../shared/search-options.ts';
import styles from './info-modals.module.css';

export type InfoTopic = { kind: 'method'; value: string } | { kind: 'quality'; value: string } | { kind: 'databases' } | { kind: 'threshold' };

const TITLES: Record<InfoTopic['kind'], string> = {
  method: 'Search Method Information',
  quality: 'Search Quality Information',
  databases: 'Database Information',
  threshold: 'Similarity Threshold Information',
};

/** The four info modals of the options panel. */
export function InfoModal({ topic, onClose }: { topic: InfoTopic | null; onClose: () => void }): React.JSX.Element | null {
  if (!topic) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={TITLES[topic.kind]} size={topic.kind === 'databases' ? 'lg' : 'md'}>
      {topic.kind === 'method' ? <MethodInfoContent value={topic.value} /> : null}
      {topic.kind === 'quality' ? <QualityInfoContent value={topic.value} /> : null}
      {topic.kind === 'databases' ? <SupportedDatabases /> : null}
      {topic.kind === 'threshold' ? <ThresholdInfoContent /> : null}
    </Dialog>
  );
}

function MethodInfoContent({ value }: { value: string }): React.JSX.Element {
  const method = methodInfo(value);
  if (!method) return <p>Method not found</p>;
  return (
    <div className={styles.content}>
      <h3>{method.label}</h3>
      <p className={styles.summary}>{method.summary}</p>
      <pre className={styles.formula} aria-label="Formula">
        {method.formula}
      </pre>
      <ul>
        {method.details.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h4>All methods</h4>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {SEARCH_METHODS.map((entry) => (
            <tr key={entry.value} aria-current={entry.value === value || undefined}>
              <td>{entry.label}</td>
              <td>
                <code>{entry.formula}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>Every score lies between 0 (nothing in common) and 1 (identical).</p>
    </div>
  );
}

function QualityInfoContent({ value }: { value: string }): React.JSX.Element {
  const quality = qualityInfo(value);
  if (!quality) return <p>Quality level not found</p>;
  return (
    <div className={styles.content}>
      <h3>{quality.label}</h3>
      <p>{quality.details}</p>
      <p>
        The 3D index of each catalogue groups molecules into clusters of similar shape. A search compares the query with the cluster
        centres and then scores every molecule of the nearest clusters; more clusters find more of the true best hits but take longer.
        Morgan searches scan the fingerprints of the whole catalogue at every quality.
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Quality</th>
            <th scope="col">Clusters searched</th>
            <th scope="col">Expected time</th>
          </tr>
        </thead>
        <tbody>
          {SEARCH_QUALITIES.map((entry) => (
            <tr key={entry.value} aria-current={entry.value === value || undefined}>
              <td>{entry.label}</td>
              <td>{entry.clusters}</td>
              <td>{entry.expectedTime}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>Times are for one large catalogue on a loaded server; each added database adds its own share.</p>
    </div>
  );
}

function ThresholdInfoContent(): React.JSX.Element {
  return (
    <div className={styles.content}>
      <p>
        Every hit has a similarity score from 0 to 1 (1 minus the normalised distance to the query under the chosen method). After a
        search, the threshold slider of a database's results hides hits below the value you choose; its range follows the scores
        actually found, and the histogram above it shows how the hits are spread.
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Score</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>0.9 and above</td>
            <td>Very high similarity: near duplicates and close analogues</td>
          </tr>
          <tr>
            <td>0.7 to 0.9</td>
            <td>Highly similar: same chemotype or the same 3D/electrostatic profile</td>
          </tr>
          <tr>
            <td>0.5 to 0.7</td>
            <td>Moderate similarity: worth a look for scaffold hopping</td>
          </tr>
          <tr>
            <td>below 0.5</td>
            <td>Low similarity</td>
          </tr>
        </tbody>
      </table>
      <p className={styles.note}>The slider waits half a second after you stop moving it, then reloads the first page of hits above the threshold.</p>
    </div>
  );
}
