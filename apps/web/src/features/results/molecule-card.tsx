import type { KeyboardEvent } from 'react';
import { depictionUrl } from './results-api.ts';
import type { PropertyColumn } from './property-columns.ts';
import { formatProperty } from './property-columns.ts';
import type { MoleculeRow } from './results.types.ts';
import { formatSimilarity, similarityBand } from './similarity-band.ts';
import styles from './molecule-card.module.css';

export interface MoleculeCardProps {
  row: MoleculeRow;
  /** Display name of the row's database. */
  databaseName: string;
  selected: boolean;
  onToggle: (id: string) => void;
  showSimilarity: boolean;
  columns: PropertyColumn[];
}

const DRAWING_WIDTH = 280;
const DRAWING_HEIGHT = 200;

/** One hit: drawing, vendor id, database and similarity; a click, Enter or Space selects it. */
export function MoleculeCard({ row, databaseName, selected, onToggle, showSimilarity, columns }: MoleculeCardProps): React.JSX.Element {
  if (row.isQueryMolecule) return <QueryCard row={row} />;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onToggle(row.id);
    }
  };
  const band = row.similarity === undefined ? null : similarityBand(row.similarity);
  return (
    <article
      className={`${styles.card} ${selected ? styles.selected : ''}`}
      role="checkbox"
      aria-checked={selected}
      aria-label={`${row.originalId} from ${databaseName}${row.similarity === undefined ? '' : `, similarity ${formatSimilarity(row.similarity)}`}`}
      tabIndex={0}
      onClick={() => onToggle(row.id)}
      onKeyDown={onKeyDown}
      data-molecule-id={row.id}
    >
      <div className={styles.top}>
        <span className={styles.check} aria-hidden="true">
          {selected ? '✓' : ''}
        </span>
        {showSimilarity && band && row.similarity !== undefined ? (
          <span className={`${styles.score} ${styles[band.key]}`} title={band.label}>
            <span className={styles.scoreValue}>{formatSimilarity(row.similarity)}</span>
            <span className={styles.scoreLabel}>{band.label}</span>
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
          <span className={band ? styles[band.key] : ''} style={{ width: `${Math.round(row.similarity * 100)}%` }} />
        </div>
      ) : null}
      <div className={styles.meta}>
        <span className={styles.vendorId} title={row.originalId}>
          {row.originalId}
        </span>
        <span className={styles.database}>{databaseName}</span>
      </div>
      {columns.length > 0 ? (
        <dl className={styles.properties}>
          {columns.map((column) => (
            <div key={column.key} className={`${styles.property} ${column.key === 'formula' ? styles.wide : ''}`}>
              <dt title={column.title}>{column.label}</dt>
              <dd>{formatProperty(column.key, row.properties[column.key] ?? null)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  );
}

function QueryCard({ row }: { row: MoleculeRow }): React.JSX.Element {
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
    </article>
  );
}
