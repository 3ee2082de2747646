import { readFile } from 'node:fs/promises';
import { EngineError } from '../format/engine-error.ts';

/** The product's database badges: a kind and a size class, shown with the vendor badge. */
export const KIND_BADGES = ['In Stock', 'Enumerative', 'Fragment-Based'] as const;
export type KindBadge = (typeof KIND_BADGES)[number];
export type SizeBadge = 'Under 1B' | 'Over 1B';

export interface VendorConfig {
  slug: string;
  name: string;
  /** Path of the logo as the web app serves it. */
  logo: string;
  website: string;
  databases: string[];
}

export interface DatabaseConfig {
  id: string;
  displayName: string;
  /** Slug of the vendor in `vendors`. */
  vendor: string;
  website: string;
  /** Address for quotations; null shows as "N/A" and hides "Contact For Orders". */
  orderEmail: string | null;
  description: string;
  kind: KindBadge;
  /** Size of the vendor's full catalogue, which a demo import may only sample. */
  size: SizeBadge;
}

/** config/catalogues.json: what users edit to describe their catalogues; counts come from the index. */
export interface CatalogueConfig {
  vendors: VendorConfig[];
  databases: DatabaseConfig[];
}

export async function loadCatalogueConfig(path: string): Promise<CatalogueConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new EngineError('CATALOGUE_CONFIG', `Cannot read the catalogue configuration ${path}: ${String(error)}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EngineError('CATALOGUE_CONFIG', `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return parseCatalogueConfig(json, path);
}

/** Checks the shape and cross-references of a configuration; every problem names the entry. */
export function parseCatalogueConfig(json: unknown, source = 'catalogue configuration'): CatalogueConfig {
  const fail = (message: string): never => {
    throw new EngineError('CATALOGUE_CONFIG', `${source}: ${message}`);
  };
  if (!isObject(json) || !Array.isArray(json.vendors) || !Array.isArray(json.databases)) fail('expected an object with "vendors" and "databases" arrays');
  const config = json as unknown as CatalogueConfig;
  const slugs = new Set<string>();
  for (const [i, vendor] of config.vendors.entries()) {
    for (const field of ['slug', 'name', 'logo', 'website'] as const) {
      if (typeof vendor[field] !== 'string' || vendor[field] === '') fail(`vendors[${i}] needs a "${field}" string`);
    }
    if (!Array.isArray(vendor.databases)) fail(`vendor ${vendor.slug} needs a "databases" list`);
    slugs.add(vendor.slug);
  }
  const ids = new Set<string>();
  for (const [i, database] of config.databases.entries()) {
    for (const field of ['id', 'displayName', 'vendor', 'website', 'description'] as const) {
      if (typeof database[field] !== 'string' || database[field] === '') fail(`databases[${i}] needs a "${field}" string`);
    }
    if (ids.has(database.id)) fail(`database ${database.id} is listed twice`);
    ids.add(database.id);
    if (!slugs.has(database.vendor)) fail(`database ${database.id} names vendor "${database.vendor}", which is not in "vendors"`);
    if (database.orderEmail !== null && typeof database.orderEmail !== 'string') fail(`database ${database.id}: "orderEmail" must be a string or null`);
    if (!KIND_BADGES.includes(database.kind)) fail(`database ${database.id}: "kind" must be one of ${KIND_BADGES.join(', ')}`);
    if (database.size !== 'Under 1B' && database.size !== 'Over 1B') fail(`database ${database.id}: "size" must be "Under 1B" or "Over 1B"`);
  }
  for (const vendor of config.vendors) {
    for (const id of vendor.databases) if (!ids.has(id)) fail(`vendor ${vendor.slug} lists database ${id}, which is not in "databases"`);
  }
  return config;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
