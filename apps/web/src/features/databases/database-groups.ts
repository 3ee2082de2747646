import type { DatabaseInfo } from '@molsearch/api';
import { vendorOfDatabase } from '../../shared/vendors.ts';

export interface DatabaseEntry {
  id: string;
  name: string;
  description: string;
  badges: string[];
  molecules: number;
  website: string;
  orderEmail: string | null;
}

export interface VendorGroup {
  name: string;
  /** Landing page path segment, /{slug}. */
  slug: string;
  logo: string | null;
  website: string;
  orderEmail: string | null;
  molecules: number;
  databases: DatabaseEntry[];
}

/** "2.1B" at a billion or more, "37.4M" at a million or more, else the plain number (spec section 9). */
export function formatMoleculeCount(count: number): string {
  if (count >= 1e9) return `${trimZero((count / 1e9).toFixed(1))}B`;
  if (count >= 1e6) return `${trimZero((count / 1e6).toFixed(1))}M`;
  return count.toLocaleString('en-US');
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function usableEmail(email: string): string | null {
  const trimmed = email.trim();
  return trimmed && trimmed.toUpperCase() !== 'N/A' && trimmed.includes('@') ? trimmed : null;
}

/** The server's database map grouped by vendor, largest vendors first, databases largest first. */
export function groupByVendor(databases: Record<string, DatabaseInfo>): VendorGroup[] {
  const groups = new Map<string, VendorGroup>();
  for (const [id, info] of Object.entries(databases)) {
    const vendor = vendorOfDatabase(id, info.Vendor);
    const name = vendor?.name ?? info.Vendor;
    const key = name.toLowerCase();
    let group = groups.get(key);
    if (!group) {
      group = {
        name,
        slug: vendor?.slug ?? slugify(name),
        logo: vendor?.logo ?? null,
        website: vendor?.website ?? info.Website,
        orderEmail: null,
        molecules: 0,
        databases: [],
      };
      groups.set(key, group);
    }
    const entry: DatabaseEntry = {
      id,
      name: info.display_name || id,
      description: info.description,
      badges: info.badges.filter((badge) => badge.toLowerCase() !== name.toLowerCase()),
      molecules: info['Number of molecules'],
      website: info.Website,
      orderEmail: usableEmail(info.Email),
    };
    group.databases.push(entry);
    group.molecules += entry.molecules;
    group.orderEmail ??= entry.orderEmail;
  }
  for (const group of groups.values()) group.databases.sort((a, b) => b.molecules - a.molecules || a.name.localeCompare(b.name));
  return [...groups.values()].sort((a, b) => b.molecules - a.molecules || a.name.localeCompare(b.name));
}
