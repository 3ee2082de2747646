import type { KeyboardEvent } from 'react';
import { useCopy } from '../../ui/use-copy.ts';
import { useHitOpener } from './hit-opener.ts';
import { HIT_SCORE_KINDS, formatHitScore } from './hit-scores.ts';
import { depictionUrl } from './results-api.ts';
import type { PropertyColumn } from './property-columns.ts';
import { formatProperty } from './property-columns.ts';
import type { MoleculeRow } from './results.types.ts';
import { formatShare, formatSimilarity } from './similarity-band.ts';
import type { ScoreRarity } from './similarity-band.ts';
import styles from './molecule-card.module.css';

export interface MoleculeCardProps {
  row: MoleculeRow;
  /** Display name of the row's database. */
  databaseName: string;
  selected: boolean;
  onToggle: (id: string) => void;
  showSimilarity: boolean;
  columns: PropertyColumn[];
  /** How rare the row's score is in its database; null until the search's histogram has arrived. */
  rarity?: ScoreRarity | null;
}

const DRAWING_WIDTH = 280;
const DRAWING_HEIGHT = 200;

/**
 * One hit: drawing, the vendor's id, database and similarity with its rarity, then the properties and a
 * copy action. The upper part is the selection checkbox (a click, Enter or Space); the copy button sits
 * beside it, not inside, so each control stays a control of its own.
 */
export function MoleculeCard({ row, databaseName, selected, onToggle, showSimilarity, columns, rarity = null }: MoleculeCardProps): React.JSX.Element {
  const openHit = useHitOpener();
  if (row.isQueryMolecule) return <QueryCard row={row} columns={columns} />;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onToggle(row.id);
    }
  };
  const band = rarity?.band;
  const share = rarity ? formatShare(rarity.share) : null;
  const scoreText = row.similarity === undefined ? '' : `, similarity ${formatSimilarity(row.similarity)}${share ? `, ${share} of ${databaseName}` : ''}`;
  return (
    <article className={`${styles.card} ${selected ? styles.selected : ''}`} data-molecule-id={row.id}>
      <div className={styles.select} role="checkbox" aria-checked={selected} aria-label={`${row.originalId} from ${databaseName}${scoreText}`} tabIndex={0} onClick={() => onToggle(row.id)} onKeyDown={onKeyDown}>
        <div className={styles.top}>
          <span className={styles.check} aria-hidden="true">
            {selected ? '✓' : ''}
          </span>
          {showSimilarity && row.similarity !== undefined ? (
            <span className={`${styles.score} ${band ? styles[band.key] : styles.unranked}`} title={band ? `${band.label}: ${share} of ${databaseName}` : undefined}>
              <span className={styles.scoreValue}>{formatSimilarity(row.similarity)}</span>
              {share ? <span className={styles.scoreLabel}>{share}</span> : null}
            </span>
          ) : null}
        </div>
        <div className={styles.drawing}>
          <img
            src={depictionUrl(row.smiles, DRAWING_WIDTH, DRAWING_HEIGHT)}
            width={DRAWING_WIDTH}
            height={DRAWING_HEIGHT}
            alt={`Structure of ${row.originalId}`}
            loading="lazy"
            decoding="async"
          />
        </div>
        {showSimilarity && row.similarity !== undefined ? (
          <div className={styles.bar} aria-hidden="true">
            <span className={band ? styles[band.key] : styles.unranked} style={{ width: `${Math.round(row.similarity * 100)}%` }} />
          </div>
        ) : null}
        <div className={styles.meta}>
          <span className={styles.vendorId} title={`${databaseName} compound id`}>
            {row.originalId}
          </span>
          <span className={styles.database}>{databaseName}</span>
        </div>
      </div>
      {row.scores ? <Scores scores={row.scores} /> : null}
      <Properties row={row} columns={columns} />
      <div className={styles.actions}>
        {openHit ? (
          <button type="button" className={styles.copy} aria-label={`Details of ${row.originalId}`} onClick={() => openHit(row)}>
            Details
          </button>
        ) : null}
        <CopySmiles smiles={row.smiles} name={row.originalId} />
      </div>
    </article>
  );
}

/** All three scores of the hit, whichever one the search ranked by. */
function Scores({ scores }: { scores: NonNullable<MoleculeRow['scores']> }): React.JSX.Element {
  return (
    <dl className={styles.scores} aria-label="Scores">
      {HIT_SCORE_KINDS.map((kind) => (
        <div key={kind.key} title={scores[kind.key] === null ? `${kind.description}: no 3D model in this database` : kind.description}>
          <dt>{kind.label}</dt>
          <dd>{formatHitScore(scores[kind.key])}</dd>
        </div>
      ))}
    </dl>
  );
}

function Properties({ row, columns }: { row: MoleculeRow; columns: PropertyColumn[] }): React.JSX.Element | null {
  if (columns.length === 0) return null;
  return (
    <dl className={styles.properties}>
      {columns.map((column) => (
        <div key={column.key} className={`${styles.property} ${column.key === 'formula' ? styles.wide : ''}`}>
          <dt title={column.title}>{column.label}</dt>
          <dd>{formatProperty(column.key, row.properties[column.key] ?? null)}</dd>
        </div>
      ))}
    </dl>
  );
}

function CopySmiles({ smiles, name }: { smiles: string; name: string }): React.JSX.Element {
  const { copied, copy } = useCopy();
  return (
    <button type="button" className={styles.copy} aria-label={`Copy SMILES of ${name}`} onClick={() => void copy(smiles).catch(() => undefined)}>
      {copied ? 'Copied' : 'Copy SMILES'}
    </button>
  );
}

/** The query first in every grid, with its own property values to compare the hits with. */
function QueryCard({ row, columns }: { row: MoleculeRow; columns: PropertyColumn[] }): React.JSX.Element {
  return (
    <article className={`${styles.card} ${styles.query}`} aria-label="Query molecule" data-query-molecule="true">
      <div className={styles.top}>
        <span className={styles.queryLabel}>Query molecule</span>
      </div>
      <div className={styles.drawing}>
        <img src={depictionUrl(row.smiles, DRAWING_WIDTH, DRAWING_HEIGHT)} width={DRAWING_WIDTH} height={DRAWING_HEIGHT} alt="Structure of the query molecule" />
      </div>
      <div className={styles.meta}>
        <code className={styles.smiles} title={row.smiles}>
          {row.smiles}
        </code>
      </div>
      <Properties row={row} columns={columns} />
      <div className={styles.actions}>
        <CopySmiles smiles={row.smiles} name="the query molecule" />
      </div>
    </article>
  );
}
