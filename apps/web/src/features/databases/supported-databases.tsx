import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { getDatabases } from '../../api/search-api.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { formatMoleculeCount, groupByVendor } from './database-groups.ts';
import type { VendorGroup } from './database-groups.ts';
import styles from './supported-databases.module.css';

export interface SupportedDatabasesProps {
  /** Called when a "Search in" link is followed, e.g. to close the dialog showing this list. */
  onNavigate?: () => void;
}

/** Supported Databases info (spec section 2): every catalogue grouped by vendor, with a total. */
export function SupportedDatabases({ onNavigate }: SupportedDatabasesProps = {}): React.JSX.Element {
  const databases = useQuery({ queryKey: ['databases'], queryFn: getDatabases, staleTime: 5 * 60_000 });

  if (databases.isPending) {
    return (
      <p className={styles.status} role="status">
        <Spinner label="Loading" /> Loading database information...
      </p>
    );
  }
  if (databases.isError) {
    return (
      <p className={styles.error} role="alert">
        Failed to load database information. Please try refreshing the page.
      </p>
    );
  }

  const groups = groupByVendor(databases.data);
  const total = groups.reduce((sum, group) => sum + group.molecules, 0);
  const databaseCount = groups.reduce((sum, group) => sum + group.databases.length, 0);

  return (
    <div className={styles.list} role="region" aria-label="Supported databases">
      <p className={styles.total}>
        Total coverage: <strong>{formatMoleculeCount(total)} molecules</strong> in {databaseCount} database{databaseCount === 1 ? '' : 's'} from{' '}
        {groups.length} vendor{groups.length === 1 ? '' : 's'}
      </p>
      {groups.map((group) => (
        <VendorCard key={group.slug} group={group} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

function VendorCard({ group, onNavigate }: { group: VendorGroup; onNavigate: (() => void) | undefined }): React.JSX.Element {
  return (
    <section className={styles.vendor} aria-labelledby={`vendor-${group.slug}`} data-vendor={group.slug}>
      <header className={styles.vendorHeader}>
        <VendorLogo group={group} />
        <div className={styles.vendorTitle}>
          <h3 id={`vendor-${group.slug}`}>{group.name}</h3>
          <span className={styles.count}>{formatMoleculeCount(group.molecules)} molecules</span>
        </div>
        <div className={styles.links}>
          <a href={group.website} target="_blank" rel="noopener noreferrer" className={styles.link}>
            Visit Website
          </a>
          <Link to={`/${group.slug}`} className={`${styles.link} ${styles.primary}`} onClick={onNavigate}>
            Search in molsearch
          </Link>
          {group.orderEmail ? (
            <a href={`mailto:${group.orderEmail}`} className={styles.link}>
              Contact For Orders
            </a>
          ) : null}
        </div>
      </header>
      <ul className={styles.databases}>
        {group.databases.map((database) => (
          <li key={database.id} className={styles.database}>
            <div className={styles.databaseHead}>
              <span className={styles.databaseName}>{database.name}</span>
              {database.badges.map((badge) => (
                <span key={badge} className={styles.badge}>
                  {badge}
                </span>
              ))}
              <span className={styles.databaseCount}>{formatMoleculeCount(database.molecules)}</span>
            </div>
            {database.description ? <p className={styles.description}>{database.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function VendorLogo({ group }: { group: VendorGroup }): React.JSX.Element {
  const [failed, setFailed] = useState(false);
  if (!group.logo || failed) {
    return (
      <span className={styles.monogram} aria-hidden="true">
        {group.name.slice(0, 2).toUpperCase()}
      </span>
    );
  }
  return <img className={styles.logo} src={group.logo} alt={`${group.name} logo`} width={96} height={40} onError={() => setFailed(true)} />;
}
