import { useId, useState } from 'react';
import { LIPINSKI_MAX_VIOLATIONS, RANGE_FILTERS, STRUCTURE_MAX_HITS } from '@molsearch/api';
import type { RangeFilterKey } from '@molsearch/api';
import { propertyColumns } from '../../features/results/property-columns.ts';
import { activeFilters } from './filter-state.ts';
import type { FilterState } from './filter-state.ts';
import styles from './filters-section.module.css';

export interface FiltersSectionProps {
  filters: FilterState;
  onChange: (filters: FilterState) => void;
}

/**
 * The options panel's "Filters": property ranges, Lipinski, Veber, PAINS and a required substructure,
 * applied by the server before ranking. Collapsed by default; its title says how many are active.
 */
export function FiltersSection({ filters, onChange }: FiltersSectionProps): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const active = activeFilters(filters);
  const setBound = (key: RangeFilterKey, side: 'min' | 'max', text: string) =>
    onChange({ ...filters, ranges: { ...filters.ranges, [key]: { ...filters.ranges[key], [side]: text } } });
  return (
    <section className={styles.filters} aria-label="Filters">
      <h3 className={styles.heading}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          <span aria-hidden="true" className={open ? styles.chevronOpen : styles.chevron}>
            ›
          </span>
          Filters
          <span className={styles.count}>{active === 0 ? 'none active' : `${active} active`}</span>
        </button>
      </h3>
      {open ? (
        <div id={bodyId} className={styles.body}>
          <p className={styles.hint}>Applied before ranking: every hit passes, and the first is the best that passes.</p>
          <div className={styles.ranges}>
            {RANGE_FILTERS.map((key) => {
              const column = propertyColumns([key])[0]!;
              return (
                <fieldset key={key} className={styles.range}>
                  <legend title={column.title}>{column.label}</legend>
                  {bound(column.label, 'min', filters.ranges[key].min, (text) => setBound(key, 'min', text))}
                  <span aria-hidden="true">–</span>
                  {bound(column.label, 'max', filters.ranges[key].max, (text) => setBound(key, 'max', text))}
                </fieldset>
              );
            })}
          </div>
          <div className={styles.rules}>
            <label>
              <input type="checkbox" checked={filters.lipinski} onChange={(event) => onChange({ ...filters, lipinski: event.target.checked })} />
              Lipinski pass <span className={styles.note}>(at most {LIPINSKI_MAX_VIOLATIONS} rule-of-five violation)</span>
            </label>
            <label>
              <input type="checkbox" checked={filters.veber} onChange={(event) => onChange({ ...filters, veber: event.target.checked })} />
              Veber pass <span className={styles.note}>(≤ 10 rotatable bonds, TPSA ≤ 140 Å²)</span>
            </label>
            <label>
              <input type="checkbox" checked={filters.excludePains} onChange={(event) => onChange({ ...filters, excludePains: event.target.checked })} />
              Exclude PAINS <span className={styles.note}>(the 480 published PAINS substructures)</span>
            </label>
          </div>
          <label className={styles.substructure}>
            Required substructure (SMILES or SMARTS)
            <input
              type="text"
              spellCheck={false}
              autoComplete="off"
              placeholder="e.g. c1ccc2[nH]ccc2c1"
              value={filters.substructure}
              onChange={(event) => onChange({ ...filters, substructure: event.target.value })}
            />
            <span className={styles.note}>
              Hits are checked in score order; with a substructure or PAINS exclusion at most {STRUCTURE_MAX_HITS.toLocaleString('en-US')} hits are kept per database.
            </span>
          </label>
        </div>
      ) : null}
    </section>
  );
}

/** One side of a range, typed as text so a half-typed number stays as it is. */
function bound(label: string, side: 'min' | 'max', value: string, onChange: (text: string) => void): React.JSX.Element {
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label={`${label} ${side === 'min' ? 'minimum' : 'maximum'}`}
      placeholder={side}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
