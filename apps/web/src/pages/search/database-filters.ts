import type { DatabaseInfo } from '@molsearch/api';

/** The tag filter's choices (spec section 2). */
export const DATABASE_TAGS = ['In Stock', 'Enumerative', 'Fragment-Based', 'Under 1B', 'Over 1B'] as const;

export interface DatabaseEntry {
  id: string;
  info: DatabaseInfo;
}

export interface DatabaseFilter {
  vendors: string[];
  tags: string[];
  text: string;
}

export const NO_FILTER: DatabaseFilter = { vendors: [], tags: [], text: '' };

/**
 * The spec records a defect of the original: tags were matched against badge text loosely, so
 * Fragment-Based, Under 1B and Over 1B never matched. Fixed on purpose here: a tag matches a database
 * when one of its badges is exactly that tag, and several chosen tags must all match.
 */
export function matchesFilter(entry: DatabaseEntry, filter: DatabaseFilter): boolean {
  if (filter.vendors.length > 0 && !filter.vendors.includes(entry.info.Vendor)) return false;
  if (filter.tags.length > 0 && !filter.tags.every((tag) => entry.info.badges.includes(tag))) return false;
  const text = filter.text.trim().toLowerCase();
  if (text) {
    const haystack = [entry.id, entry.info.display_name, entry.info.Vendor, entry.info.description, ...entry.info.badges].join(' ').toLowerCase();
    if (!haystack.includes(text)) return false;
  }
  return true;
}

export function filterDatabases(entries: DatabaseEntry[], filter: DatabaseFilter): DatabaseEntry[] {
  return entries.filter((entry) => matchesFilter(entry, filter));
}

/** The vendor names of the databases, sorted, each once. */
export function vendorNames(entries: DatabaseEntry[]): string[] {
  return [...new Set(entries.map((entry) => entry.info.Vendor))].sort((a, b) => a.localeCompare(b));
}
