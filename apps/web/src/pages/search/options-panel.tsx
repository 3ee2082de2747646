import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { SearchQuality, SearchMethod } from '@molsearch/api';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { DatabaseGrid } from './database-grid.tsx';
import type { FilterState } from './filter-state.ts';
import { FiltersSection } from './filters-section.tsx';
import type { DatabaseEntry } from './database-filters.ts';
import { InfoModal } from './info-modals.tsx';
import type { InfoTopic } from './info-modals.tsx';
import { qualityHint, SEARCH_METHODS, SEARCH_QUALITIES } from '../../shared/search-options.ts';
import styles from './search.module.css';

export interface OptionsPanelProps {
  method: SearchMethod;
  quality: SearchQuality;
  onMethodChange: (method: SearchMethod) => void;
  onQualityChange: (quality: SearchQuality) => void;
  filters: FilterState;
  onFiltersChange: (filters: FilterState) => void;
  databases: DatabaseEntry[] | undefined;
  databasesError: string | null;
  selected: string[];
  onSelectedChange: (selected: string[]) => void;
  locked: boolean;
  databaseError: string | null;
  busy: boolean;
  onBack: () => void;
  onReset: () => void;
  onSearch: () => void;
}

function InfoButton({ label, onClick }: { label: string; onClick: () => void }): React.JSX.Element {
  return (
    <button type="button" className={styles.infoButton} aria-label={label} onClick={onClick}>
      i
    </button>
  );
}

interface SegmentedChoiceProps<T extends string> {
  legend: string;
  infoLabel: string;
  onInfo: () => void;
  options: { value: T; label: string; hint: string }[];
  value: T;
  onChange: (value: T) => void;
}

const NEXT_KEYS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A row of radio buttons, each with a label and a hint, under a legend with an info button. Like native
 * radios, the group is one tab stop and the arrow keys (Home, End) move the choice.
 */
function SegmentedChoice<T extends string>({ legend, infoLabel, onInfo, options, value, onChange }: SegmentedChoiceProps<T>): React.JSX.Element {
  const group = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = options.findIndex((option) => option.value === value);
    const last = options.length - 1;
    const step = NEXT_KEYS[event.key];
    const target = step !== undefined ? (current + step + options.length) % options.length : event.key === 'Home' ? 0 : event.key === 'End' ? last : -1;
    if (target < 0) return;
    event.preventDefault();
    onChange(options[target]!.value);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[target]?.focus();
  };
  return (
    <fieldset className={styles.toggleGroup}>
      <legend>
        {legend} <InfoButton label={infoLabel} onClick={onInfo} />
      </legend>
      <div ref={group} className={styles.segmented} role="radiogroup" aria-label={legend} onKeyDown={onKeyDown}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={value === option.value}
            tabIndex={value === option.value ? 0 : -1}
            className={value === option.value ? styles.segmentOn : styles.segment}
            onClick={() => onChange(option.value)}
          >
            <span className={styles.segmentLabel}>{option.label}</span>
            <span className={styles.segmentHint}>{option.hint}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Search Method, Search Quality, the filters and the databases, with Back, Reset and Search. */
export function OptionsPanel(props: OptionsPanelProps): React.JSX.Element {
  const [topic, setTopic] = useState<InfoTopic | null>(null);
  return (
    <section className={styles.options} aria-labelledby="options-title">
      <div className={styles.optionsHead}>
        <h2 id="options-title">Search options</h2>
        <div className={styles.optionsActions}>
          <Button onClick={props.onBack}>Back</Button>
          <Button onClick={props.onReset}>Reset</Button>
          <Button variant="primary" onClick={props.onSearch} disabled={props.busy}>
            Search
          </Button>
        </div>
      </div>

      <div className={styles.optionRow}>
        <SegmentedChoice
          legend="Search Method"
          infoLabel="Search method information"
          onInfo={() => setTopic({ kind: 'method', value: props.method })}
          options={SEARCH_METHODS.map((method) => ({ value: method.value, label: method.label, hint: method.summary }))}
          value={props.method}
          onChange={props.onMethodChange}
        />

        <SegmentedChoice
          legend="Search Quality"
          infoLabel="Search quality information"
          onInfo={() => setTopic({ kind: 'quality', value: props.quality })}
          options={SEARCH_QUALITIES.map((quality) => ({
            value: quality.value,
            label: quality.label,
            hint: qualityHint(quality, props.method),
          }))}
          value={props.quality}
          onChange={props.onQualityChange}
        />
      </div>

      <FiltersSection filters={props.filters} onChange={props.onFiltersChange} />

      <div className={styles.databasesHead}>
        <h3>
          Databases <InfoButton label="Database information" onClick={() => setTopic({ kind: 'databases' })} />
        </h3>
        <button type="button" className={styles.linkButton} onClick={() => setTopic({ kind: 'threshold' })}>
          How similarity scores read
        </button>
      </div>
      {props.databasesError ? (
        <p className={styles.fieldError} role="alert">
          {props.databasesError}
        </p>
      ) : props.databases ? (
        <DatabaseGrid
          databases={props.databases}
          selected={props.selected}
          onChange={props.onSelectedChange}
          locked={props.locked}
          error={props.databaseError}
        />
      ) : (
        <div className={styles.gridSkeleton} aria-label="Loading databases">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="120px" />
          ))}
        </div>
      )}
      <InfoModal topic={topic} onClose={() => setTopic(null)} />
    </section>
  );
}
