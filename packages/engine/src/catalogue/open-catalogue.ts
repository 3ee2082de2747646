import { join } from 'node:path';
import { MANIFEST_FILE } from '../format/catalogue-format.ts';
import type { CataloguePart } from '../format/catalogue-part.ts';
import { catalogueDir, partDir } from '../format/catalogue-paths.ts';
import { EngineError } from '../format/engine-error.ts';
import { knownDamage, manifestStamp } from './catalogue-damage.ts';
import { findParts, joinParts, missingPartsError } from './catalogue-parts.ts';
import { readCatalogue } from './catalogue-reader.ts';
import type { Catalogue } from './catalogue-reader.ts';

interface CacheEntry {
  /** Inode and mtime of manifest.json: a re-import renames a new folder into place, which changes both. */
  stamp: string;
  catalogue: Promise<Catalogue>;
}

const cache = new Map<string, CacheEntry>();

/**
 * The catalogue `id` under `dataDir`, read once and kept in memory; a re-import is noticed on the
 * next call (the manifest's inode changes) and the new build is read. Its files are checked against
 * their checksums as they are first read; once one has failed, the catalogue is refused until re-imported.
 * A catalogue imported in parts (`--shard k/N`) is opened from all its parts, joined (catalogue-parts.ts);
 * it must have every part here.
 */
export async function openCatalogue(dataDir: string, id: string): Promise<Catalogue> {
  const dir = catalogueDir(dataDir, id);
  const whole = await openFolder(dir, id, () => readCatalogue(dataDir, id)).catch(async (error: unknown) => {
    const parts = error instanceof EngineError && error.code === 'CATALOGUE_NOT_FOUND' ? await findParts(dataDir, id) : undefined;
    if (!parts) throw error;
    return parts;
  });
  if (!('of' in whole)) return whole;
  if (whole.missing.length > 0) throw missingPartsError(id, whole.of, whole.missing);
  const parts = await Promise.all(whole.present.map((part) => openCataloguePart(dataDir, id, part)));
  // The joined catalogue is kept while its parts' builds are: the searches key their loaded columns by it.
  const version = parts.map((part) => part.version).join('+');
  const cached = joined.get(dir);
  if (cached?.version === version) return cached;
  const catalogue = joinParts(dataDir, id, parts);
  joined.set(dir, catalogue);
  return catalogue;
}

/** One part of catalogue `id`, as a search node serves it: read once and kept, like a whole catalogue. */
export function openCataloguePart(dataDir: string, id: string, part: CataloguePart): Promise<Catalogue> {
  return openFolder(partDir(dataDir, id, part), id, () => readCatalogue(dataDir, id, part));
}

const joined = new Map<string, Catalogue>();

async function openFolder(dir: string, id: string, read: () => Promise<Catalogue>): Promise<Catalogue> {
  let stamp: string;
  try {
    stamp = await manifestStamp(dir);
  } catch (error) {
    cache.delete(dir);
    throw new EngineError('CATALOGUE_NOT_FOUND', `Catalogue ${id} is not imported: ${join(dir, MANIFEST_FILE)} does not exist.`, { cause: error });
  }
  const damage = knownDamage(dir, stamp);
  if (damage) throw damage;
  const cached = cache.get(dir);
  if (cached && cached.stamp === stamp) return cached.catalogue;
  const catalogue = read();
  cache.set(dir, { stamp, catalogue });
  catalogue.catch(() => {
    if (cache.get(dir)?.catalogue === catalogue) cache.delete(dir);
  });
  return catalogue;
}

/** Drops cached catalogues (all, or one data directory's) so their memory can be reclaimed. */
export function forgetCatalogues(dataDir?: string): void {
  for (const key of [...cache.keys()]) if (dataDir === undefined || key.startsWith(dataDir)) cache.delete(key);
  for (const key of [...joined.keys()]) if (dataDir === undefined || key.startsWith(dataDir)) joined.delete(key);
}
