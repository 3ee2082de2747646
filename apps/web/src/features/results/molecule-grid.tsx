import { useMemo } from 'react';
import { MoleculeCard } from './molecule-card.tsx';
import { propertyColumns } from './property-columns.ts';
import type { MoleculeRow } from './results.types.ts';
import styles from './search-results.module.css';

export interface MoleculeGridProps {
  rows: MoleculeRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  showSimilarity: boolean;
  showProperties: boolean;
  databaseLabel: (id: string) => string;
  label: string;
}

export function MoleculeGrid({ rows, selected, onToggle, showSimilarity, showProperties, databaseLabel, label }: MoleculeGridProps): React.JSX.Element {
  const columns = useMemo(
    () => (showProperties ? propertyColumns(new Set(rows.flatMap((row) => Object.keys(row.properties)))) : []),
    [rows, showProperties],
  );
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
        />
      ))}
    </div>
  );
}
