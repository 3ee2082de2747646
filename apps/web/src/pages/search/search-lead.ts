import { formatMoleculeCount } from '../../features/databases/database-groups.ts';
import type { DatabaseEntry } from './database-filters.ts';

/** What the searchable databases hold: a count and the molecules in them, or null while the list loads. */
export interface Coverage {
  databases: number;
  molecules: number;
}

/** What `entries` hold that can be searched: a database listed as unavailable (damaged, built by an older version) counts for nothing. */
export function searchableCoverage(entries: readonly DatabaseEntry[]): Coverage {
  const searchable = entries.filter((entry) => entry.info.available !== false);
  return { databases: searchable.length, molecules: searchable.reduce((sum, entry) => sum + entry.info['Number of molecules'], 0) };
}

/** "1 vendor database", "11 vendor databases". */
function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The lead line under the search page's heading. A vendor page calls the vendor's sets catalogues, not
 * purchasable compounds: not every vendor here sells what it lists (the NCI demonstration set).
 */
export function searchLead(vendorName: string | undefined, coverage: Coverage | null): string {
  if (vendorName) {
    const counts = coverage ? ` — ${countOf(coverage.databases, 'database')}, ${formatMoleculeCount(coverage.molecules)} molecules` : '';
    return `Find molecules similar to yours in ${vendorName}'s catalogues${counts}.`;
  }
  const across = coverage ? ` across ${countOf(coverage.databases, 'vendor database')} with ${formatMoleculeCount(coverage.molecules)} molecules` : ' across vendor catalogues';
  return `Compare by electrostatics, 3D shape or Morgan fingerprints${across}.`;
}
