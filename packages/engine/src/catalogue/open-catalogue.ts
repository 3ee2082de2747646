import { join } from 'node:path';
import { MANIFEST_FILE } from '../format/catalogue-format.ts';
import { catalogueDir } from '../format/catalogue-paths.ts';
import { EngineError } from '../format/engine-error.ts';
import { knownDamage, manifestStamp } from './catalogue-damage.ts';
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
 */
export async function openCatalogue(dataDir: string, id: string): Promise<Catalogue> {
  const dir = catalogueDir(dataDir, id);
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
  const catalogue = readCatalogue(dataDir, id);
  cache.set(dir, { stamp, catalogue });
  catalogue.catch(() => {
    if (cache.get(dir)?.catalogue === catalogue) cache.delete(dir);
  });
  return catalogue;
}

/** Drops cached catalogues (all, or one data directory's) so their memory can be reclaimed. */
export function forgetCatalogues(dataDir?: string): void {
  for (const key of [...cache.keys()]) if (dataDir === undefined || key.startsWith(dataDir)) cache.delete(key);
}
