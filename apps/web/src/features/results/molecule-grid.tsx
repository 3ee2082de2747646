import { useMemo } from 'react';
import { HitTable } from './hit-table.tsx';
import { MoleculeCard } from './molecule-card.tsx';
import { propertyColumns } from './property-columns.ts';
import type { MoleculeRow } from './results.types.ts';
import type { ScoreRarity } from './similarity-band.ts';
import styles from './search-results.module.css';

/** Hits as cards, or as a sortable table. */
export type ResultsLayout = 'cards' | 'table';

export interface MoleculeGridProps {
  rows: MoleculeRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  showSimilarity: boolean;
  showProperties: boolean;
  databaseLabel: (id: string) => string;
  label: string;
  /** How rare a score is in a database; null while unknown. */
  rarityOf?: (dbName: string, score: number) => ScoreRarity | null;
  layout?: ResultsLayout;
}

export function MoleculeGrid(props: MoleculeGridProps): React.JSX.Element {
  const { rows, selected, onToggle, showSimilarity, showProperties, databaseLabel, label, rarityOf, layout = 'cards' } = props;
  const columns = useMemo(
    () => (showProperties ? propertyColumns(new Set(rows.flatMap((row) => Object.keys(row.properties)))) : []),
    [rows, showProperties],
  );
  if (layout === 'table') {
    return <HitTable rows={rows} selected={selected} onToggle={onToggle} showSimilarity={showSimilarity} columns={columns} databaseLabel={databaseLabel} rarityOf={rarityOf} label={label} />;
  }
  return (
    <div className={styles.grid} role="group" aria-label={label}>
      {rows.map((row) => (
        <MoleculeCard
          key={row.id}
          row={row}
          databaseName={databaseLabel(row.database)}
          selected={selected.has(row.id)}
          onToggle={onToggle}
          showSimilarity={showSimilarity}
          columns={columns}
          rarity={row.similarity === undefined ? null : (rarityOf?.(row.database, row.similarity) ?? null)}
        />
      ))}
    </div>
  );
}
