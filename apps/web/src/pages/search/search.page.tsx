import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getDatabases } from '../../api/search-api.ts';
import { usePageMeta } from '../../shared/page-meta.ts';
import { vendorBySlug } from '../../shared/vendors.ts';
import type { Vendor } from '../../shared/vendors.ts';
import { NotFound } from '../not-found/not-found.page.tsx';
import type { DatabaseEntry } from './database-filters.ts';
import { HealthBanner } from './health-banner.tsx';
import { searchLead, searchableCoverage } from './search-lead.ts';
import { SearchPanel } from './search-panel.tsx';
import styles from './search.module.css';

/** `/`, `/search?q=` and `/{vendor}`: an unknown vendor slug is answered with "Page not found". */
export function Component(): React.JSX.Element {
  const { vendor: slug } = useParams();
  const [params] = useSearchParams();
  const vendor = vendorBySlug(slug);
  if (slug && !vendor) return <NotFound what="vendor page" />;
  const query = params.get('q')?.trim() || undefined;
  // A new key per vendor (and per linked query) resets the panel's state when moving between them.
  return <SearchPage key={`${vendor?.slug ?? 'all'}:${query ?? ''}`} vendor={vendor} autoSearch={query} />;
}

function SearchPage({ vendor, autoSearch }: { vendor: Vendor | undefined; autoSearch: string | undefined }): React.JSX.Element {
  usePageMeta(
    vendor ? `${vendor.name} compound search` : 'Multi-Database Similarity Search',
    vendor
      ? `Search ${vendor.name}'s catalogues for molecules similar to yours by electrostatics, 3D shape or Morgan fingerprints.`
      : 'Find purchasable compounds similar to your molecule by electrostatics, 3D shape or Morgan fingerprints across vendor catalogues.',
  );
  const databasesQuery = useQuery({ queryKey: ['databases'], queryFn: getDatabases });

  const entries = useMemo<DatabaseEntry[] | undefined>(() => {
    if (!databasesQuery.data) return undefined;
    const all = Object.entries(databasesQuery.data).map(([id, info]) => ({ id, info }));
    if (!vendor) return all;
    return all.filter((entry) => vendor.databases.includes(entry.id) || entry.info.Vendor.toLowerCase() === vendor.name.toLowerCase());
  }, [databasesQuery.data, vendor]);

  const coverage = entries ? searchableCoverage(entries) : null;
  const vendorDatabases = vendor && entries ? entries.map((entry) => entry.id) : undefined;

  return (
    <div className={styles.page}>
      <HealthBanner />
      <section className={styles.hero}>
        {vendor ? (
          <>
            <h1>
              <img src={vendor.logo} alt="" className={styles.heroLogo} height={36} /> {vendor.name} compound search
            </h1>
            <p className={styles.lead}>{searchLead(vendor.name, coverage)}</p>
          </>
        ) : (
          <>
            <h1>Find purchasable compounds similar to your molecule</h1>
            <p className={styles.lead}>{searchLead(undefined, coverage)}</p>
          </>
        )}
      </section>
      {vendor && entries && entries.length === 0 ? (
        <p className={styles.notice} role="status">
          No {vendor.name} catalogue is imported on this server yet. See the <Link to="/tutorial">tutorial</Link> for importing one.
        </p>
      ) : null}
      {/* A vendor page waits for the list, so its databases can be preselected from the start. */}
      {vendor && !entries && !databasesQuery.error ? null : (
        <SearchPanel
          databases={entries}
          databasesError={databasesQuery.error ? 'Failed to load database information. Please try refreshing the page.' : null}
          vendorDatabases={vendorDatabases}
          autoSearch={autoSearch}
        />
      )}
    </div>
  );
}
