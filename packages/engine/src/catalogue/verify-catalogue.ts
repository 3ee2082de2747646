import type { CatalogueManifest } from '../format/catalogue-format.ts';
import { CatalogueFiles } from './catalogue-files.ts';

const verified = new Map<string, { stamp: string; result: Promise<void> }>();

/**
 * Checks every file of the catalogue in `dir` against its checksum without keeping it, once per build
 * (`stamp`) and process: a listing that asks for it repeatedly reads the files once. About 0.1 s of CPU
 * per 100 MB; the files are read from disk unless the page cache holds them.
 */
export function verifyCatalogue(dir: string, manifest: CatalogueManifest, stamp: string): Promise<void> {
  const cached = verified.get(dir);
  if (cached?.stamp === stamp) return cached.result;
  const files = new CatalogueFiles(dir, manifest, stamp);
  const result = (async () => {
    for (const file of manifest.files) await files.verify(file.name);
  })();
  verified.set(dir, { stamp, result });
  return result;
}
