import { readdir } from 'node:fs/promises';
import { catalogueChargeModel, describeChargeModel } from '../features/charge-model.ts';
import type { ChargeModel } from '../features/charge-model.ts';
import { EngineError } from '../format/engine-error.ts';
import type { EngineErrorCode } from '../format/engine-error.ts';
import type { CatalogueConfig, DatabaseConfig, VendorConfig } from './catalogue-config.ts';
import { CATALOGUE_ID_PATTERN } from '../format/catalogue-format.ts';
import type { CatalogueManifest } from '../format/catalogue-format.ts';
import { catalogueDir, cataloguesDir, parsePartFolderName, partDir } from '../format/catalogue-paths.ts';
import { findParts, missingPartsError } from './catalogue-parts.ts';
import { knownDamage, manifestStamp } from './catalogue-damage.ts';
import { checkFileSizes, readManifest } from './catalogue-reader.ts';
import { verifyCatalogue } from './verify-catalogue.ts';

export interface CatalogueInfo {
  id: string;
  displayName: string;
  vendor: Pick<VendorConfig, 'slug' | 'name' | 'logo' | 'website'>;
  website: string;
  orderEmail: string | null;
  description: string;
  /** Vendor name, kind badge, size badge, in display order. */
  badges: string[];
  /** Molecules in the imported index; 0 when not imported. */
  count: number;
  imported: boolean;
  /** Why an imported folder cannot be used (damaged, old format), when that is the case: a message for users. */
  problem?: string;
  /** The problem's code: CATALOGUE_FORMAT asks for a re-import, CATALOGUE_CORRUPT names a damaged file. */
  problemCode?: EngineErrorCode;
  created?: string;
  bytesPerMolecule?: number;
  /** With 3D columns: the charge state and partial charges they were built with, and a line saying so. */
  chargeModel?: ChargeModel & { description: string };
}

const UNKNOWN_VENDOR = { slug: 'other', name: 'Other', logo: '', website: '' };

export interface ListOptions {
  /**
   * Also check every file of each imported catalogue against its checksum (once per build and process,
   * see verify-catalogue.ts). Without it a catalogue is checked by its manifest and file sizes, and a file
   * found damaged when a search read it.
   */
  verify?: boolean;
}

/**
 * Every configured database with its molecule count from the index, followed by imported catalogues
 * the configuration does not describe (shown under their id). A catalogue that cannot be used (an older
 * format, a missing or damaged file) is listed with its problem.
 */
export async function listCatalogues(dataDir: string, config: CatalogueConfig, options: ListOptions = {}): Promise<CatalogueInfo[]> {
  const imported = await importedIds(dataDir);
  const vendors = new Map(config.vendors.map((vendor) => [vendor.slug, vendor]));
  const configured = config.databases.map((database) => ({ database, vendor: vendors.get(database.vendor) ?? UNKNOWN_VENDOR }));
  const extra = imported.filter((id) => !config.databases.some((database) => database.id === id));
  const infos: CatalogueInfo[] = [];
  for (const { database, vendor } of configured) infos.push(await describe(dataDir, database, vendor, imported.includes(database.id), options));
  for (const id of extra) {
    // Nothing is known of an unconfigured catalogue but its size: no kind badge is invented for it.
    const database: DatabaseConfig = { id, displayName: id, vendor: UNKNOWN_VENDOR.slug, website: '', orderEmail: null, description: '', kind: 'In Stock', size: 'Under 1B' };
    const info = await describe(dataDir, database, UNKNOWN_VENDOR, true, options);
    infos.push({ ...info, badges: [UNKNOWN_VENDOR.name, info.count >= 1e9 ? 'Over 1B' : 'Under 1B'] });
  }
  return infos;
}

async function describe(
  dataDir: string, database: DatabaseConfig, vendor: Pick<VendorConfig, 'slug' | 'name' | 'logo' | 'website'>, imported: boolean, options: ListOptions,
): Promise<CatalogueInfo> {
  const info: CatalogueInfo = {
    id: database.id,
    displayName: database.displayName,
    vendor: { slug: vendor.slug, name: vendor.name, logo: vendor.logo, website: vendor.website },
    website: database.website,
    orderEmail: database.orderEmail,
    description: database.description,
    badges: [vendor.name, database.kind, database.size],
    count: 0,
    imported: false,
  };
  if (!imported) return info;
  try {
    const manifests = await checkedManifests(dataDir, database.id, options);
    const manifest = manifests[0]!;
    const chargeModel = manifest.shape && catalogueChargeModel(manifest.shape);
    return {
      ...info,
      count: manifests.reduce((count, part) => count + part.count, 0),
      imported: true,
      created: manifest.created,
      bytesPerMolecule: manifest.bytesPerMolecule,
      ...(chargeModel ? { chargeModel: { ...chargeModel, description: describeChargeModel(chargeModel) } } : {}),
    };
  } catch (error) {
    if (error instanceof EngineError) return { ...info, problem: error.message, problemCode: error.code };
    return { ...info, problem: String(error), problemCode: 'CATALOGUE_CORRUPT' };
  }
}

/** The manifest of the catalogue `id`, or of each of its parts, each checked as `options` asks. */
async function checkedManifests(dataDir: string, id: string, options: ListOptions): Promise<CatalogueManifest[]> {
  const parts = await findParts(dataDir, id);
  if (parts && parts.missing.length > 0) throw missingPartsError(id, parts.of, parts.missing);
  const dirs = parts ? parts.present.map((part) => partDir(dataDir, id, part)) : [catalogueDir(dataDir, id)];
  const manifests: CatalogueManifest[] = [];
  for (const dir of dirs) {
    const manifest = await readManifest(dir, id);
    const stamp = await manifestStamp(dir);
    await checkFileSizes(dir, manifest);
    const damage = knownDamage(dir, stamp);
    if (damage) throw damage;
    if (options.verify) await verifyCatalogue(dir, manifest, stamp);
    manifests.push(manifest);
  }
  return manifests;
}

/** Ids of the catalogues imported whole or in parts (`<id>.part-k-of-N`). */
async function importedIds(dataDir: string): Promise<string[]> {
  try {
    const entries = await readdir(cataloguesDir(dataDir), { withFileTypes: true });
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const whole = folders.filter((name) => CATALOGUE_ID_PATTERN.test(name));
    const parted = folders.map((name) => parsePartFolderName(name)?.id).filter((id) => id !== undefined);
    return [...new Set([...whole, ...parted])].sort();
  } catch {
    return [];
  }
}
