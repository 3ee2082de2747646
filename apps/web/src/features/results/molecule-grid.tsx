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

/** How a results view shows its hits, whichever database they come from: what the views hand their grids. */
export interface HitDisplay {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  showSimilarity: boolean;
  showProperties: boolean;
  labelOf: (dbName: string) => string;
  rarityOf: (dbName: string, score: number) => ScoreRarity | null;
  layout: ResultsLayout;
}

/** A grid of `rows` shown as `display` says, named `label` for assistive technology. */
export function HitGrid({ rows, label, display }: { rows: MoleculeRow[]; label: string; display: HitDisplay }): React.JSX.Element {
  const { selected, onToggle, showSimilarity, showProperties, labelOf, rarityOf, layout } = display;
  return (
    <MoleculeGrid
      rows={rows}
      selected={selected}
      onToggle={onToggle}
      showSimilarity={showSimilarity}
      showProperties={showProperties}
      databaseLabel={labelOf}
      rarityOf={rarityOf}
      layout={layout}
      label={label}
    />
  );
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
