import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogueManifest } from '../format/catalogue-format.ts';
import { MANIFEST_FILE } from '../format/catalogue-format.ts';
import { catalogueDir } from '../format/catalogue-paths.ts';

export interface CatalogueCopy {
  /** The copy's id (default: the original's); its manifest says so. */
  to?: string;
  /** The data folder the copy goes into (default: the original's). */
  into?: string;
  /** Alters the copy (its manifest, written back after, and its files in `folder`): a catalogue to damage or to age. */
  change?: (manifest: CatalogueManifest, folder: string) => Promise<void> | void;
}

/** Copies catalogue `from` of `dataDir` for a test to alter; returns the copy's folder. */
export async function copyCatalogue(dataDir: string, from: string, { to = from, into = dataDir, change }: CatalogueCopy = {}): Promise<string> {
  const folder = catalogueDir(into, to);
  await cp(catalogueDir(dataDir, from), folder, { recursive: true });
  const manifest = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8')) as CatalogueManifest;
  manifest.id = to;
  await change?.(manifest, folder);
  await writeFile(join(folder, MANIFEST_FILE), JSON.stringify(manifest));
  return folder;
}
