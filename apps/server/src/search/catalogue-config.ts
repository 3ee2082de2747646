import { access } from 'node:fs/promises';
import { loadCatalogueConfig } from '@molsearch/engine';
import type { CatalogueConfig } from '@molsearch/engine';

/** config/catalogues.json as the server reads it: without the file, no vendor or database is described. */
export async function readCatalogueConfig(path: string): Promise<CatalogueConfig> {
  try {
    await access(path);
  } catch {
    return { vendors: [], databases: [] };
  }
  return loadCatalogueConfig(path);
}
