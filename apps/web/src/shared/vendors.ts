import catalogues from '../../../../config/catalogues.json';

/** A vendor with its own landing page at /{slug} (config/catalogues.json, shared with the server). */
export interface Vendor {
  slug: string;
  name: string;
  logo: string;
  website: string;
  databases: string[];
}

export const VENDORS: readonly Vendor[] = catalogues.vendors;

export function vendorBySlug(slug: string | undefined): Vendor | undefined {
  if (!slug) return undefined;
  const wanted = slug.toLowerCase();
  return VENDORS.find((vendor) => vendor.slug === wanted);
}

/** The vendor a database belongs to, by its id in the vendor's list or, failing that, by the vendor name. */
export function vendorOfDatabase(databaseId: string, vendorName?: string): Vendor | undefined {
  return (
    VENDORS.find((vendor) => vendor.databases.includes(databaseId)) ??
    (vendorName ? VENDORS.find((vendor) => vendor.name.toLowerCase() === vendorName.toLowerCase()) : undefined)
  );
}
