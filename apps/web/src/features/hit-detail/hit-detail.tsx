import type { HitAnswer, HitQuery } from '@molsearch/api';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { getDatabases, getHistograms } from '../../api/search-api.ts';
import { methodInfo } from '../../shared/search-options.ts';
import { useCopy } from '../../ui/use-copy.ts';
import { HIT_SCORE_KINDS, formatHitScore } from '../results/hit-scores.ts';
import type { HitScores } from '../results/results.types.ts';
import { formatProperty, propertyColumns } from '../results/property-columns.ts';
import { orderEmail, quoteMailto } from '../results/quote-mail.ts';
import { depictionUrl } from '../results/results-api.ts';
import { useResultsSource } from '../results/results-source.ts';
import { formatShare, scoreRarity } from '../results/similarity-band.ts';
import { getHit, getHitPose, getPredictions, hitPoseUrl } from './hit-detail-api.ts';
import type { Colouring } from './hit-viewer.tsx';
import { parsePoseRecords } from './pose-records.ts';
import styles from './hit-detail.module.css';

// The viewer and 3Dmol.js are a chunk of their own, fetched when a detail view opens.
const HitViewer = lazy(() => import('./hit-viewer.tsx').then((module) => ({ default: module.HitViewer })));

/** Which of the three scores a method ranks by; consensus ranks by their fusion. */
const RANKED_BY: Record<string, keyof HitScores | undefined> = { morgan: 'morgan', espsim_shape: 'shape', espsim_electrostatic: 'electrostatic' };

export interface HitDetailProps {
  hit: HitQuery;
  /** Heading level of the view's title: 1 on its own page, 2 inside a dialog. */
  headingLevel?: 1 | 2;
}

/**
 * Everything about one hit a chemist needs to decide on it: its drawing and ids, the three scores, its
 * properties, the query and the hit aligned in 3D, and who sells it with the way to ask for a quote.
 */
export function HitDetail({ hit: query, headingLevel = 2 }: HitDetailProps): React.JSX.Element {
  const hit = useQuery({ queryKey: ['hit', query], queryFn: ({ signal }) => getHit(query, signal), staleTime: Infinity, retry: false });
  if (hit.error) return <p role="alert">{hit.error instanceof HttpError ? (hit.error.serverMessage ?? hit.error.message) : 'This hit could not be loaded.'}</p>;
  if (!hit.data) return <p role="status">Loading the hit…</p>;
  return <HitDetailBody query={query} hit={hit.data} headingLevel={headingLevel} />;
}

function HitDetailBody({ query, hit, headingLevel }: { query: HitQuery; hit: HitAnswer; headingLevel: 1 | 2 }): React.JSX.Element {
  const databases = useQuery({ queryKey: ['databases'], queryFn: getDatabases, staleTime: 5 * 60_000 });
  const info = databases.data?.[hit.database];
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const scores: HitScores = { morgan: hit.morgan_similarity, shape: hit.shape_similarity, electrostatic: hit.electrostatic_similarity };
  const columns = propertyColumns(Object.keys(hit.properties));
  return (
    <article className={styles.detail} aria-labelledby="hit-detail-title">
      <header className={styles.header}>
        <Heading id="hit-detail-title" className={styles.title}>
          {hit.db_id}
        </Heading>
        <p className={styles.subtitle}>
          {info?.display_name ?? hit.database} · hit {hit.rank} of a {methodInfo(hit.search_type)?.label ?? hit.search_type} search
        </p>
      </header>
      <div className={styles.columns}>
        <div className={styles.side}>
          <img className={styles.drawing} src={depictionUrl(hit.smiles, 480, 360)} width={480} height={360} alt={`Structure of ${hit.db_id}`} />
          <SmilesLine smiles={hit.smiles} />
          <ScoreList query={query} hit={hit} scores={scores} size={info?.['Number of molecules']} />
          <Actions query={query} hit={hit} vendor={info} />
        </div>
        <div className={styles.main}>
          <Pose query={query} id={hit.db_id} />
          <PredictionList smiles={hit.smiles} />
          {columns.length > 0 ? (
            <section aria-labelledby="hit-properties">
              <h3 id="hit-properties" className={styles.sectionTitle}>
                Properties
              </h3>
              <table className={styles.properties}>
                <tbody>
                  {columns.map((column) => (
                    <tr key={column.key}>
                      <th scope="row" title={column.title}>
                        {column.title}
                      </th>
                      <td>{formatProperty(column.key, hit.properties[column.key] ?? null)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function SmilesLine({ smiles }: { smiles: string }): React.JSX.Element {
  const { copied, copy } = useCopy();
  return (
    <div className={styles.smilesLine}>
      <code className={styles.smiles}>{smiles}</code>
      <button type="button" className={styles.linkButton} onClick={() => void copy(smiles).catch(() => undefined)}>
        {copied ? 'Copied' : 'Copy SMILES'}
      </button>
    </div>
  );
}

/** The three scores as bars; the one the search ranked by also says how rare it is in its database. */
function ScoreList({ query, hit, scores, size }: { query: HitQuery; hit: HitAnswer; scores: HitScores; size: number | undefined }): React.JSX.Element {
  const ranked = RANKED_BY[hit.search_type];
  const histogram = useQuery({ queryKey: ['histograms', query.job_name], queryFn: () => getHistograms({ job_name: query.job_name, n_bins: 50 }), staleTime: Infinity });
  const band = useMemo(() => {
    const counts = histogram.data?.databases[hit.database];
    if (!histogram.data || !counts) return null;
    return scoreRarity({ binEdges: histogram.data.bin_edges, counts: counts.counts, size: size ?? counts.total }, hit.similarity);
  }, [histogram.data, hit.database, hit.similarity, size]);
  return (
    <section aria-labelledby="hit-scores">
      <h3 id="hit-scores" className={styles.sectionTitle}>
        Scores
      </h3>
      <dl className={styles.scores}>
        {!ranked ? <ScoreRow label="Consensus" description="The fused score this search ranked by" value={hit.similarity} note={band ? `${band.band.label}, ${formatShare(band.share)}` : 'ranked by'} /> : null}
        {HIT_SCORE_KINDS.map((kind) => (
          <ScoreRow
            key={kind.key}
            label={kind.label}
            description={kind.description}
            value={scores[kind.key]}
            note={kind.key === ranked ? (band ? `${band.band.label}, ${formatShare(band.share)}` : 'ranked by') : scores[kind.key] === null ? 'no 3D model' : null}
          />
        ))}
      </dl>
    </section>
  );
}

function ScoreRow({ label, description, value, note }: { label: string; description: string; value: number | null; note: string | null }): React.JSX.Element {
  return (
    <div className={styles.scoreRow} title={description}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.scoreValue}>{formatHitScore(value)}</span>
        <span className={styles.meter} aria-hidden="true">
          <span style={{ width: `${Math.round((value ?? 0) * 100)}%` }} />
        </span>
        {note ? <span className={styles.scoreNote}>{note}</span> : null}
      </dd>
    </div>
  );
}

interface VendorInfo {
  Vendor: string;
  Website: string;
  Email: string;
  display_name: string;
}

/** Who sells the hit, the quote request, the pose file and a new search from the hit. */
function Actions({ query, hit, vendor }: { query: HitQuery; hit: HitAnswer; vendor: VendorInfo | undefined }): React.JSX.Element {
  const source = useResultsSource();
  const email = orderEmail(vendor?.Email);
  const label = vendor?.display_name ?? hit.database;
  const row = { id: hit.id, originalId: hit.db_id, smiles: hit.smiles, database: hit.database, similarity: hit.similarity, properties: {}, isQueryMolecule: false };
  return (
    <section aria-labelledby="hit-order" className={styles.actions}>
      <h3 id="hit-order" className={styles.sectionTitle}>
        Order
      </h3>
      <dl className={styles.vendor}>
        <dt>Vendor</dt>
        <dd>{vendor?.Vendor ?? '–'}</dd>
        <dt>Website</dt>
        <dd>{vendor?.Website ? <a href={vendor.Website} target="_blank" rel="noreferrer">{vendor.Website.replace(/^https?:\/\//, '')}</a> : '–'}</dd>
        <dt>Order e-mail</dt>
        <dd>{email ? <a href={`mailto:${email}`}>{email}</a> : 'none listed'}</dd>
      </dl>
      <div className={styles.buttons}>
        {email ? (
          <a className={styles.primary} href={quoteMailto(email, label, [row])} onClick={() => void source.trackQuotation(query.job_name, hit.database)}>
            Get quote
          </a>
        ) : (
          <a className={styles.primary} href={vendor?.Website || '#'} target="_blank" rel="noreferrer" onClick={() => void source.trackQuotation(query.job_name, hit.database)}>
            Get quote
          </a>
        )}
        <a className={styles.secondary} href={hitPoseUrl(query)} download>
          Download pose
        </a>
        <Link className={styles.secondary} to={`/search?q=${encodeURIComponent(hit.smiles)}`}>
          Search from this hit
        </Link>
      </div>
    </section>
  );
}

const RISKS = [
  ['mutagenic', 'Mutagenic'],
  ['tumorigenic', 'Tumorigenic'],
  ['irritant', 'Irritant'],
  ['reproductiveEffective', 'Reproductive effects'],
] as const;

/** OpenChemLib's predictions for the hit, computed when the view opens and labelled as predictions. */
function PredictionList({ smiles }: { smiles: string }): React.JSX.Element {
  const predicted = useQuery({ queryKey: ['predictions', smiles], queryFn: ({ signal }) => getPredictions(smiles, signal), staleTime: Infinity, retry: false });
  const data = predicted.data;
  return (
    <section aria-labelledby="hit-predictions">
      <h3 id="hit-predictions" className={styles.sectionTitle}>
        Predictions (OpenChemLib)
      </h3>
      <p className={styles.poseNote}>Predicted by OpenChemLib's OSIRIS models from the structure alone, not measured.</p>
      {predicted.error ? (
        <p role="status">No predictions could be made for this molecule.</p>
      ) : !data ? (
        <p role="status">Predicting…</p>
      ) : (
        <table className={styles.properties}>
          <tbody>
            <tr>
              <th scope="row">Aqueous solubility, logS (mol/L)</th>
              <td>{data.logS.toFixed(2)}</td>
            </tr>
            <tr>
              <th scope="row">Drug-likeness (positive: drug-like fragments)</th>
              <td>{data.druglikeness === undefined ? '–' : data.druglikeness.toFixed(2)}</td>
            </tr>
            {RISKS.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label} risk</th>
                <td>{data[key] ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The query and the hit aligned, in the lazily loaded viewer, with its controls. */
function Pose({ query, id }: { query: HitQuery; id: string }): React.JSX.Element {
  const pose = useQuery({ queryKey: ['hit-pose', query], queryFn: ({ signal }) => getHitPose(query, signal), staleTime: Infinity, retry: false });
  const records = useMemo(() => (pose.data ? parsePoseRecords(pose.data) : null), [pose.data]);
  const [colouring, setColouring] = useState<Colouring>('element');
  const [showQuery, setShowQuery] = useState(true);
  const [showHit, setShowHit] = useState(true);
  const [resetToken, setResetToken] = useState(0);
  return (
    <section aria-labelledby="hit-pose" className={styles.pose}>
      <h3 id="hit-pose" className={styles.sectionTitle}>
        Aligned on the query
      </h3>
      {pose.error ? (
        <p role="status">{pose.error instanceof HttpError && pose.error.status === 422 ? 'This hit has no 3D model, so it cannot be shown aligned on the query.' : 'The 3D pose could not be loaded.'}</p>
      ) : !records ? (
        <p role="status">Aligning the hit on the query…</p>
      ) : (
        <>
          <Suspense fallback={<p role="status">Loading the 3D viewer…</p>}>
            <HitViewer records={records} colouring={colouring} showQuery={showQuery} showHit={showHit} resetToken={resetToken} label={`${id} (grey carbons) aligned on the query (green carbons)`} />
          </Suspense>
          <div className={styles.viewerControls} role="group" aria-label="3D view">
            <fieldset className={styles.colouring}>
              <legend>Colour</legend>
              <label>
                <input type="radio" name="colouring" checked={colouring === 'element'} onChange={() => setColouring('element')} /> By element
              </label>
              <label>
                <input type="radio" name="colouring" checked={colouring === 'charge'} onChange={() => setColouring('charge')} /> By partial charge
              </label>
            </fieldset>
            <label>
              <input type="checkbox" checked={showQuery} onChange={(event) => setShowQuery(event.target.checked)} /> Query
            </label>
            <label>
              <input type="checkbox" checked={showHit} onChange={(event) => setShowHit(event.target.checked)} /> Hit
            </label>
            <button type="button" className={styles.linkButton} onClick={() => setResetToken((token) => token + 1)}>
              Reset view
            </button>
          </div>
          <p className={styles.poseNote}>
            Shape {formatHitScore(Number(records[1]?.fields.shape_similarity))} and electrostatic {formatHitScore(Number(records[1]?.fields.electrostatic_similarity))} at this pose.
          </p>
        </>
      )}
    </section>
  );
}
