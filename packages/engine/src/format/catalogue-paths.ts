import { join } from 'node:path';
import { EngineError } from './engine-error.ts';
import { CATALOGUE_ID_PATTERN } from './catalogue-format.ts';
import { MAX_PARTS } from './catalogue-part.ts';
import type { CataloguePart } from './catalogue-part.ts';

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

/**
 * A part of a catalogue lives beside whole catalogues as `<id>.part-<k>-of-<N>`: not a catalogue id
 * (ids have no dot), so listings never show it as a catalogue of its own.
 */
export function partFolderName(id: string, part: CataloguePart): string {
  assertCatalogueId(id);
  return `${id}.part-${part.index}-of-${part.of}`;
}

export function partDir(dataDir: string, id: string, part: CataloguePart): string {
  return join(cataloguesDir(dataDir), partFolderName(id, part));
}

/** The catalogue id and part a folder name stands for, when it is a part's folder. */
export function parsePartFolderName(name: string): { id: string; part: CataloguePart } | undefined {
  const match = /^(.+)\.part-(\d+)-of-(\d+)$/.exec(name);
  if (!match || !CATALOGUE_ID_PATTERN.test(match[1]!)) return undefined;
  const part = { index: Number(match[2]), of: Number(match[3]) };
  return part.index >= 1 && part.index <= part.of && part.of <= MAX_PARTS ? { id: match[1]!, part } : undefined;
}
