import { useMemo, useState } from 'react';
import type { PropertyColumn } from './property-columns.ts';
import { formatProperty } from './property-columns.ts';
import type { MoleculeRow, PropertyValue } from './results.types.ts';
import { formatShare, formatSimilarity } from './similarity-band.ts';
import type { ScoreRarity } from './similarity-band.ts';
import styles from './hit-table.module.css';

export interface HitTableProps {
  /** The loaded rows, the query molecule (if any) first; it stays first whatever the order. */
  rows: MoleculeRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  showSimilarity: boolean;
  columns: PropertyColumn[];
  databaseLabel: (id: string) => string;
  rarityOf?: (dbName: string, score: number) => ScoreRarity | null;
  label: string;
}

type SortKey = 'id' | 'database' | 'similarity' | `property:${string}`;
type Sort = { key: SortKey; descending: boolean };

function sortValue(row: MoleculeRow, key: SortKey, databaseLabel: (id: string) => string): PropertyValue | undefined {
  if (key === 'id') return row.originalId;
  if (key === 'database') return databaseLabel(row.database);
  if (key === 'similarity') return row.similarity;
  return row.properties[key.slice('property:'.length)];
}

/** Missing values sort last in both directions; numbers by value, the rest as text. */
function compare(a: PropertyValue | undefined, b: PropertyValue | undefined, descending: boolean): number {
  const missingA = a === null || a === undefined;
  const missingB = b === null || b === undefined;
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { numeric: true });
  return descending ? -order : order;
}

/** The last cells of a row, the query's or a hit's: its properties, then its SMILES. */
function PropertyAndSmilesCells({ row, columns }: { row: MoleculeRow; columns: PropertyColumn[] }): React.JSX.Element {
  return (
    <>
      {columns.map((column) => (
        <td key={column.key} className={styles.number}>
          {formatProperty(column.key, row.properties[column.key] ?? null)}
        </td>
      ))}
      <td>
        <code className={styles.smiles}>{row.smiles}</code>
      </td>
    </>
  );
}

/** The loaded hits as a table, sortable by any column, for comparing properties side by side. */
export function HitTable({ rows, selected, onToggle, showSimilarity, columns, databaseLabel, rarityOf, label }: HitTableProps): React.JSX.Element {
  const [sort, setSort] = useState<Sort | null>(null);
  const query = rows.filter((row) => row.isQueryMolecule);
  const hits = useMemo(() => {
    const list = rows.filter((row) => !row.isQueryMolecule);
    if (!sort) return list;
    return [...list].sort((a, b) => compare(sortValue(a, sort.key, databaseLabel), sortValue(b, sort.key, databaseLabel), sort.descending));
  }, [rows, sort, databaseLabel]);

  const header = (key: SortKey, text: string, title?: string) => {
    const active = sort?.key === key;
    const ariaSort = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
    // Scores and properties read best or largest first on the first press; names alphabetically.
    const firstDescending = key !== 'id' && key !== 'database';
    return (
      // Keyed by its sort key: the property headers come from a list.
      <th key={key} scope="col" aria-sort={ariaSort} title={title}>
        <button type="button" className={styles.sortButton} onClick={() => setSort({ key, descending: active ? !sort.descending : firstDescending })}>
          {text}
          <span aria-hidden="true" className={styles.arrow}>
            {active ? (sort.descending ? '▼' : '▲') : '↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className={styles.wrap} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Selected</span>
            </th>
            {header('id', 'Compound')}
            {header('database', 'Database')}
            {showSimilarity ? header('similarity', 'Similarity') : null}
            {columns.map((column) => header(`property:${column.key}`, column.label, column.title))}
            <th scope="col">SMILES</th>
          </tr>
        </thead>
        <tbody>
          {query.map((row) => (
            <tr key={row.id} className={styles.query}>
              <td />
              <th scope="row">Query molecule</th>
              <td />
              {showSimilarity ? <td /> : null}
              <PropertyAndSmilesCells row={row} columns={columns} />
            </tr>
          ))}
          {hits.map((row) => {
            const rarity = row.similarity === undefined ? null : (rarityOf?.(row.database, row.similarity) ?? null);
            return (
              <tr key={row.id} className={selected.has(row.id) ? styles.selected : undefined} data-molecule-id={row.id}>
                <td>
                  <input type="checkbox" checked={selected.has(row.id)} onChange={() => onToggle(row.id)} aria-label={`Select ${row.originalId}`} />
                </td>
                <th scope="row" className={styles.id}>
                  {row.originalId}
                </th>
                <td>{databaseLabel(row.database)}</td>
                {showSimilarity ? (
                  <td className={styles.number}>
                    {row.similarity === undefined ? '–' : formatSimilarity(row.similarity)}
                    {rarity ? <span className={styles.share}> {formatShare(rarity.share)}</span> : null}
                  </td>
                ) : null}
                <PropertyAndSmilesCells row={row} columns={columns} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
