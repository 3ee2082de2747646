import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getDatabases } from '../../api/search-api.ts';
import { usePageMeta } from '../../shared/page-meta.ts';
import { vendorBySlug } from '../../shared/vendors.ts';
import type { Vendor } from '../../shared/vendors.ts';
import { NotFound } from '../not-found/not-found.page.tsx';
import type { DatabaseEntry } from './database-filters.ts';
import { formatMoleculeCount } from '../../features/databases/database-groups.ts';
import { HealthBanner } from './health-banner.tsx';
import { SearchPanel } from './search-panel.tsx';
import styles from './search.module.css';

/** `/` and `/{vendor}`: an unknown vendor slug is answered with "Page not found". */
export function Component(): React.JSX.Element {
  const { vendor: slug } = useParams();
  const vendor = vendorBySlug(slug);
  if (slug && !vendor) return <NotFound what="vendor page" />;
  // A new key per vendor resets the panel's state when moving between vendor pages.
  return <SearchPage key={vendor?.slug ?? 'all'} vendor={vendor} />;
}

function SearchPage({ vendor }: { vendor: Vendor | undefined }): React.JSX.Element {
  usePageMeta(
    vendor ? `${vendor.name} compound search` : 'Multi-Database Similarity Search',
    vendor
      ? `Search ${vendor.name}'s purchasable compounds for molecules similar to yours by electrostatics, 3D shape or Morgan fingerprints.`
      : 'Find purchasable compounds similar to your molecule by electrostatics, 3D shape or Morgan fingerprints across vendor catalogues.',
  );
  const databasesQuery = useQuery({ queryKey: ['databases'], queryFn: getDatabases });

  const entries = useMemo<DatabaseEntry[] | undefined>(() => {
    if (!databasesQuery.data) return undefined;
    const all = Object.entries(databasesQuery.data).map(([id, info]) => ({ id, info }));
    if (!vendor) return all;
    return all.filter((entry) => vendor.databases.includes(entry.id) || entry.info.Vendor.toLowerCase() === vendor.name.toLowerCase());
  }, [databasesQuery.data, vendor]);

  const totalMolecules = entries?.reduce((sum, entry) => sum + entry.info['Number of molecules'], 0) ?? 0;
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
            <p className={styles.lead}>
              Find molecules similar to yours among {vendor.name}&apos;s purchasable compounds
              {entries ? ` — ${entries.length} database${entries.length === 1 ? '' : 's'}, ${formatMoleculeCount(totalMolecules)} molecules` : ''}.
            </p>
          </>
        ) : (
          <>
            <h1>Find purchasable compounds similar to your molecule</h1>
            <p className={styles.lead}>
              Compare by electrostatics, 3D shape or Morgan fingerprints
              {entries ? ` across ${entries.length} vendor databases with ${formatMoleculeCount(totalMolecules)} molecules` : ' across vendor catalogues'}.
            </p>
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
        />
      )}
    </div>
  );
}
