import { Migrator } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { jobsAndDownloads } from './migrations/0001-jobs-and-downloads.ts';
import { accounts } from './migrations/0002-accounts.ts';
import { jobClientAddress } from './migrations/0003-job-client-address.ts';
import { jobFilters } from './migrations/0004-job-filters.ts';
import { clusterRows } from './migrations/0006-cluster-rows.ts';
import { batches } from './migrations/0007-batches.ts';
import { rateLimits } from './migrations/0008-rate-limits.ts';
import { sharedJobs } from './migrations/0009-shared-jobs.ts';
import { downloadLeases } from './migrations/0010-download-leases.ts';

/** Versioned migrations, applied in name order; never edit one that has shipped, add the next. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-jobs-and-downloads': jobsAndDownloads,
  '0002-accounts': accounts,
  '0003-job-client-address': jobClientAddress,
  '0004-job-filters': jobFilters,
  '0006-cluster-rows': clusterRows,
  '0007-batches': batches,
  '0008-rate-limits': rateLimits,
  '0009-shared-jobs': sharedJobs,
  '0010-download-leases': downloadLeases,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error(`The store could not be migrated: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
