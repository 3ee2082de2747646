import { SupportedDatabases } from '../../features/databases/supported-databases.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SIMILARITY_BANDS } from '../../features/results/similarity-band.ts';
import { candidatesText, DEMO_SEARCH_TIMES, foundPercent, MEASURED_ON, methodInfo, MORGAN_SPEED, qualityInfo, SEARCH_METHODS, SEARCH_QUALITIES } from '../../shared/search-options.ts';
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
      <div className={styles.tableScroll} role="region" aria-label="Scores of each method" tabIndex={0}>
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
      </div>
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
        A Shape or Electrostatic search runs in two stages. Stage 1 finds the molecules whose volume fingerprints (for Electrostatic, also
        whose charge fingerprints) are nearest those of the query&apos;s conformers (under four axis flips): exactly, by comparing every
        fingerprint, in databases of up to 2 million molecules, where each of a molecule&apos;s conformers has a volume fingerprint and a
        molecule is found by whichever is nearest, and by walking graph indexes of first conformers (one of volume fingerprints and, for
        Electrostatic, one of charge fingerprints), without visiting every molecule, in larger ones. It compares the volume grids of the molecules it finds
        with the query&apos;s (and, for Electrostatic, the partial charges at the best of those poses). It keeps the most
        promising candidates. Stage 2 aligns each candidate on the query and scores it exactly; every score you see is this exact score.
        A higher quality keeps more per probe (in larger databases it also probes from more query conformers) and passes more candidates
        to stage 2, so more of the true best hits are found, in more time. A small or rigid query, whose conformers look alike and find few molecules between them,
        keeps up to four times as many per probe, so it explores about as much of the index as other queries do.
      </p>
      <p>Morgan searches are exact at every quality: every fingerprint is compared, {MORGAN_SPEED}.</p>
      <div className={styles.tableScroll} role="region" aria-label="Index probes and measured recall by quality" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Quality</th>
              <th scope="col" className={styles.probes}>
                Index probes (nearest kept): up to 2 million molecules; larger databases
              </th>
              <th scope="col">Candidates scored exactly</th>
              <th scope="col">Shape: top 30 found</th>
              <th scope="col">Electrostatic: top 30 found</th>
            </tr>
          </thead>
          <tbody>
            {SEARCH_QUALITIES.map((entry) => (
              <tr key={entry.value} aria-current={entry.value === value || undefined}>
                <td>{entry.label}</td>
                <td>
                  {entry.probe.everyConformer.conformers} × 4 ({entry.probe.everyConformer.vectors.toLocaleString('en-US')} conformers);{' '}
                  {entry.probe.conformers} × 4 ({entry.probe.rows.toLocaleString('en-US')} molecules)
                </td>
                <td>{candidatesText(entry.candidates)}</td>
                <td>{foundPercent(entry.measured.shape)}</td>
                <td>{foundPercent(entry.measured.electrostatic)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>
        The share of the 30 best molecules of one database of {MEASURED_ON} (by exact scoring of every molecule) that the search
        returns, mean over 20 drug queries: rigid drugs are found best, flexible ones least. On the demo catalogues (up to 1,000 molecules each) every molecule is a candidate, so
        the search is exact at every quality. There a 3D search takes about {DEMO_SEARCH_TIMES.oneDatabase} for one database, most of it
        building the query&apos;s conformers, and {DEMO_SEARCH_TIMES.allDatabases} for all eleven (each database adds about half a second);
        a Morgan search of all eleven takes {DEMO_SEARCH_TIMES.morgan}.
      </p>
    </div>
  );
}

function ThresholdInfoContent(): React.JSX.Element {
  return (
    <div className={styles.content}>
      <p>
        Every hit has a similarity score from 0 to 1 under the chosen method. The methods&apos; scores are not on one footing: a typical
        catalogue compound scores about 0.55 by Electrostatic or Shape and about 0.1 by Morgan. So the bands do not go by the score
        itself but by how rare it is: each hit is compared with the scores of all molecules of the database it comes from, by the same
        method, read from the search&apos;s score histogram. Beside each score, &ldquo;top 1 %&rdquo; means that 1 % of that database
        scores as high or higher.
      </p>
      <div className={styles.tableScroll} role="region" aria-label="Similarity bands" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Band</th>
              <th scope="col">Share of the database scoring as high or higher</th>
            </tr>
          </thead>
          <tbody>
            {SIMILARITY_BANDS.map((band, index) => (
              <tr key={band.key}>
                <td>{band.label}</td>
                <td>{index === SIMILARITY_BANDS.length - 1 ? `more than ${formatPercent(SIMILARITY_BANDS[index - 1]!.share)}` : `at most ${formatPercent(band.share)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Molecules that a Shape or Electrostatic search did not score exactly (not among its candidates) count as scoring lower than every
        hit. After a search, the threshold slider of a database&apos;s results hides hits below the value you choose; it runs from the
        lowest score found to the best, and the histogram above it shows how the hits are spread.
      </p>
      <p className={styles.note}>The slider waits half a second after you stop moving it, then reloads the first page of hits above the threshold.</p>
    </div>
  );
}

/** 0.001 -> "0.1 %", 0.01 -> "1 %". */
function formatPercent(share: number): string {
  return `${Number((share * 100).toPrecision(2))} %`;
}
