import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MANIFEST_FILE } from '../format/catalogue-format.ts';
import type { EngineError } from '../format/engine-error.ts';

/**
 * Damage found in a catalogue's files while this process read them, by folder and build: once a file
 * fails its check the catalogue is refused everywhere (openCatalogue, listCatalogues) until re-imported.
 */
const found = new Map<string, { stamp: string; error: EngineError }>();

/** Names one build of the catalogue in `dir`: a re-import renames a new folder into place, which changes the manifest's inode and time. */
export async function manifestStamp(dir: string): Promise<string> {
  const info = await stat(join(dir, MANIFEST_FILE));
  return `${info.ino}:${info.mtimeMs}`;
}

export function recordDamage(dir: string, stamp: string, error: EngineError): void {
  found.set(dir, { stamp, error });
}

/** The damage found in this build of the catalogue in `dir`, if any. */
export function knownDamage(dir: string, stamp: string): EngineError | undefined {
  const entry = found.get(dir);
  return entry?.stamp === stamp ? entry.error : undefined;
}
