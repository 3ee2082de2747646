import { join } from 'node:path';
import { EngineError } from './engine-error.ts';
import { CATALOGUE_ID_PATTERN } from './catalogue-format.ts';

export function cataloguesDir(dataDir: string): string {
  return join(dataDir, 'catalogues');
}

export function catalogueDir(dataDir: string, id: string): string {
  assertCatalogueId(id);
  return join(cataloguesDir(dataDir), id);
}

export function assertCatalogueId(id: string): void {
  if (!CATALOGUE_ID_PATTERN.test(id)) {
    throw new EngineError('INVALID_REQUEST', `"${id}" is not a valid catalogue id: use letters, digits, "-" and "_" (at most 64 characters).`);
  }
}

/** Import works in `<id>.tmp-<pid>` next to the catalogue and renames it into place when complete. */
export function temporaryDirName(id: string, pid: number): string {
  return `${id}.tmp-${pid}`;
}

export function isTemporaryDirOf(name: string, id: string): boolean {
  return name.startsWith(`${id}.tmp-`) || name.startsWith(`${id}.old-`);
}
