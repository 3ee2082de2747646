import type { HistogramAnswer } from '@molsearch/api';
import { Button } from '../../ui/button.tsx';
import { MoleculeCard } from './molecule-card.tsx';
import { HitGrid } from './molecule-grid.tsx';
import type { HitDisplay } from './molecule-grid.tsx';
import { propertyColumns } from './property-columns.ts';
import type { MissingSection, MoleculeRow, Section } from './results.types.ts';
import { formatSimilarity } from './similarity-band.ts';
import styles from './search-results.module.css';

export interface SectionsViewProps extends HitDisplay {
  sections: Section[];
  missing: MissingSection[];
  query: MoleculeRow;
  histogram: HistogramAnswer | null;
  onOpen: (dbName: string) => void;
  opening: boolean;
}

/** One preview section per database searched, best hits first; a section opens its database view. */
export function SectionsView(props: SectionsViewProps): React.JSX.Element {
  const { sections, missing, query, histogram, onOpen, opening, showProperties, labelOf } = props;
  const queryColumns = showProperties ? propertyColumns(Object.keys(query.properties)) : [];
  return (
    <div className={styles.sections}>
      <div className={styles.queryStrip}>
        <MoleculeCard row={query} databaseName="" selected={false} onToggle={() => undefined} showSimilarity={false} columns={queryColumns} />
        <div className={styles.queryStripText}>
          <p>
            Hits from {sections.length} database{sections.length === 1 ? '' : 's'}, most similar first. Open a database to page through all of its
            hits and filter them by similarity.
          </p>
        </div>
      </div>
      {sections.map((section) => {
        const info = histogram?.databases[section.dbName];
        const label = labelOf(section.dbName);
        return (
          <section key={section.dbName} className={styles.section} aria-labelledby={`section-${section.dbName}`} data-section={section.dbName}>
            <header className={styles.sectionHeader}>
              <div>
                <h3 id={`section-${section.dbName}`} className={styles.sectionTitle}>
                  {label}
                </h3>
                <p className={styles.sectionMeta}>
                  {info ? `${info.total.toLocaleString('en-US')} hits` : 'Top hits'}
                  {info?.max !== null && info?.max !== undefined ? ` · best similarity ${formatSimilarity(info.max)}` : ''}
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => onOpen(section.dbName)} disabled={opening} aria-label={`View all results from ${label}`}>
                View all results
              </Button>
            </header>
            <HitGrid rows={section.results} label={`Top hits from ${label}`} display={props} />
          </section>
        );
      })}
      {missing.length > 0 ? (
        <ul className={styles.missing} aria-label="Databases without hits">
          {missing.map((entry) => (
            <li key={entry.dbName}>
              {entry.reason === 'no-hits' ? `No hits from ${labelOf(entry.dbName)} for this search.` : `The hits of ${labelOf(entry.dbName)} could not be loaded. Try the search again.`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
