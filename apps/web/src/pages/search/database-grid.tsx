import { useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Checkbox } from '../../ui/checkbox.tsx';
import { MultiSelect } from '../../ui/multi-select.tsx';
import { track } from '../../analytics/track.ts';
import { formatMoleculeCount } from '../../features/databases/database-groups.ts';
import { DATABASE_TAGS, filterDatabases, NO_FILTER, vendorNames } from './database-filters.ts';
import type { DatabaseEntry, DatabaseFilter } from './database-filters.ts';
import styles from './database-grid.module.css';

export interface DatabaseGridProps {
  databases: DatabaseEntry[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** A single-database vendor page: that database stays selected. */
  locked?: boolean;
  error?: string | null;
}

/** Database cards with checkbox behaviour, the vendor/tag/text filters and "Select All Filtered Databases". */
export function DatabaseGrid({ databases, selected, onChange, locked = false, error }: DatabaseGridProps): React.JSX.Element {
  const [filter, setFilter] = useState<DatabaseFilter>(NO_FILTER);
  const filtered = useMemo(() => filterDatabases(databases, filter), [databases, filter]);
  const vendors = useMemo(() => vendorNames(databases).map((name) => ({ value: name, label: name })), [databases]);
  // A database the server cannot search now is shown with its reason but cannot be chosen.
  const unavailable = useMemo(() => new Set(databases.filter((entry) => entry.info.available === false).map((entry) => entry.id)), [databases]);
  const filteredIds = filtered.map((entry) => entry.id).filter((id) => !unavailable.has(id));
  const selectedFiltered = filteredIds.filter((id) => selected.includes(id));
  const allFilteredSelected = filteredIds.length > 0 && selectedFiltered.length === filteredIds.length;

  const toggle = (id: string) => {
    if (locked || unavailable.has(id)) return;
    const on = !selected.includes(id);
    onChange(on ? [...selected, id] : selected.filter((item) => item !== id));
    track('select_database', { database: id, selected: on });
  };
  const toggleAllFiltered = (on: boolean) => {
    if (locked) return;
    onChange(on ? [...new Set([...selected, ...filteredIds])] : selected.filter((id) => !filteredIds.includes(id)));
  };
  const onCardKey = (event: KeyboardEvent<HTMLDivElement>, id: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(id);
    }
  };

  return (
    <div className={styles.grid}>
      {databases.length > 1 ? (
        <div className={styles.filters}>
          <MultiSelect
            label="Vendors"
            placeholder="All vendors"
            options={vendors}
            selected={filter.vendors}
            onChange={(next) => {
              setFilter({ ...filter, vendors: next });
              track('filter_by_vendor', { vendors: next.join(',') });
            }}
          />
          <MultiSelect
            label="Tags"
            placeholder="All tags"
            options={DATABASE_TAGS.map((tag) => ({ value: tag, label: tag }))}
            selected={filter.tags}
            onChange={(next) => setFilter({ ...filter, tags: next })}
          />
          <label className={styles.searchField}>
            <span className={styles.filterLabel}>Search</span>
            <input
              type="search"
              className={styles.searchInput}
              placeholder="Search databases..."
              aria-label="Search databases"
              value={filter.text}
              onChange={(event) => setFilter({ ...filter, text: event.target.value })}
            />
          </label>
        </div>
      ) : null}

      <div className={styles.selectAll}>
        <Checkbox
          checked={allFilteredSelected ? true : selectedFiltered.length > 0 ? 'indeterminate' : false}
          onCheckedChange={() => toggleAllFiltered(!allFilteredSelected)}
          disabled={locked || filteredIds.length === 0}
          label="Select All Filtered Databases"
        />
        <span className={styles.count} aria-live="polite">
          {selected.length} of {databases.length} databases
        </span>
      </div>

      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}

      {filtered.length === 0 ? (
        <p className={styles.empty}>No database matches these filters.</p>
      ) : (
        <div className={styles.cards} role="group" aria-label="Databases">
          {filtered.map((entry) => {
            const checked = selected.includes(entry.id);
            const reason = entry.info.available === false ? entry.info.unavailable_reason ?? 'This database cannot be searched now.' : null;
            return (
              // The card is clickable as a whole; its checkbox part is what keyboards and screen readers use,
              // so the website link is not nested inside an interactive element.
              <div key={entry.id} className={`${styles.card} ${checked ? styles.checked : ''} ${locked || reason ? styles.locked : ''}`} onClick={() => toggle(entry.id)}>
                <div
                  role="checkbox"
                  aria-checked={checked}
                  aria-disabled={locked || reason !== null || undefined}
                  aria-label={entry.info.display_name}
                  tabIndex={0}
                  data-database={entry.id}
                  className={styles.cardHead}
                  onKeyDown={(event) => onCardKey(event, entry.id)}
                >
                  <span className={styles.tick} aria-hidden="true">
                    {checked ? '✓' : ''}
                  </span>
                  <span className={styles.name}>{entry.info.display_name}</span>
                  {locked ? <span className={styles.lockNote}>Selected</span> : null}
                </div>
                <div className={styles.badges}>
                  {entry.info.badges.map((badge, index) => (
                    <span key={badge} className={index === 0 ? `${styles.badge} ${styles.vendorBadge}` : styles.badge}>
                      {badge}
                    </span>
                  ))}
                </div>
                <p className={styles.description}>{entry.info.description}</p>
                {reason ? (
                  <p className={styles.unavailable} role="note">
                    Unavailable: {reason}
                  </p>
                ) : null}
                <div className={styles.cardFoot}>
                  <span className={styles.molecules}>
                    <strong>{formatMoleculeCount(entry.info['Number of molecules'])}</strong> molecules
                  </span>
                  {entry.info.Website ? (
                    <a
                      href={entry.info.Website}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={(event) => event.stopPropagation()}
                    >
                      Website ↗
                    </a>
                  ) : null}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
