import { useState } from 'react';
import type { SearchQualityName, SearchType } from '@molsearch/api';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { DatabaseGrid } from './database-grid.tsx';
import type { DatabaseEntry } from './database-filters.ts';
import { InfoModal } from './info-modals.tsx';
import type { InfoTopic } from './info-modals.tsx';
import { SEARCH_METHODS, SEARCH_QUALITIES } from './search-options.ts';
import styles from './search.module.css';

export interface OptionsPanelProps {
  method: SearchType;
  quality: SearchQualityName;
  onMethodChange: (method: SearchType) => void;
  onQualityChange: (quality: SearchQualityName) => void;
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

/** Search Method, Search Quality and the databases, with Back, Reset and Search. */
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
        <fieldset className={styles.toggleGroup}>
          <legend>
            Search Method <InfoButton label="Search method information" onClick={() => setTopic({ kind: 'method', value: props.method })} />
          </legend>
          <div className={styles.segmented} role="radiogroup" aria-label="Search Method">
            {SEARCH_METHODS.map((method) => (
              <button
                key={method.value}
                type="button"
                role="radio"
                aria-checked={props.method === method.value}
                className={props.method === method.value ? styles.segmentOn : styles.segment}
                onClick={() => props.onMethodChange(method.value)}
              >
                <span className={styles.segmentLabel}>{method.label}</span>
                <span className={styles.segmentHint}>{method.summary}</span>
              </button>
            ))}
          </div>
        </fieldset>

        <fieldset className={styles.toggleGroup}>
          <legend>
            Search Quality <InfoButton label="Search quality information" onClick={() => setTopic({ kind: 'quality', value: props.quality })} />
          </legend>
          <div className={styles.segmented} role="radiogroup" aria-label="Search Quality">
            {SEARCH_QUALITIES.map((quality) => (
              <button
                key={quality.value}
                type="button"
                role="radio"
                aria-checked={props.quality === quality.value}
                className={props.quality === quality.value ? styles.segmentOn : styles.segment}
                onClick={() => props.onQualityChange(quality.value)}
              >
                <span className={styles.segmentLabel}>{quality.label}</span>
                <span className={styles.segmentHint}>
                  {quality.clusters} clusters · {quality.expectedTime}
                </span>
              </button>
            ))}
          </div>
        </fieldset>
      </div>

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
