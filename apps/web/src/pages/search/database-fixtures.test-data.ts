import catalogues from '../../../../../config/catalogues.json';
import type { DatabaseEntry } from './database-filters.ts';

/** Database entries as GET /api/databases describes the configured catalogues (badges: vendor, kind, size). */
export function configuredDatabases(): DatabaseEntry[] {
  return catalogues.databases.map((database, index) => {
    const vendor = catalogues.vendors.find((entry) => entry.slug === database.vendor)!;
    return {
      id: database.id,
      info: {
        Vendor: vendor.name,
        Website: database.website,
        Email: database.orderEmail ?? 'N/A',
        'Number of molecules': database.size === 'Over 1B' ? 2_000_000_000 + index : 1_500_000 + index,
        display_name: database.displayName,
        description: database.description,
        badges: [vendor.name, database.kind, database.size],
      },
    };
  });
}
