import { readdir } from 'node:fs/promises';
import { CATALOGUE_ID_PATTERN, cataloguesDir, openCatalogue, openCataloguePart, parsePartFolderName } from '@molsearch/engine';
import type { Catalogue, CataloguePart } from '@molsearch/engine';

/** A catalogue folder this node serves: a part, or a catalogue imported whole (part 1 of 1). */
export interface LocalPart {
  database: string;
  part: CataloguePart;
  catalogue: Catalogue;
}

/**
 * Every catalogue folder under `dataDir` that opens cleanly: the parts (`<id>.part-k-of-N`) and the
 * catalogues imported whole. A folder that does not open is passed to `onProblem` and left out, so one
 * damaged part does not keep a node from serving the others.
 */
export async function localParts(dataDir: string, onProblem: (folder: string, error: unknown) => void): Promise<LocalPart[]> {
  let names: string[];
  try {
    names = (await readdir(cataloguesDir(dataDir), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
  const parts: LocalPart[] = [];
  for (const name of names) {
    const parted = parsePartFolderName(name);
    if (!parted && !CATALOGUE_ID_PATTERN.test(name)) continue;
    try {
      if (parted) parts.push({ database: parted.id, part: parted.part, catalogue: await openCataloguePart(dataDir, parted.id, parted.part) });
      else parts.push({ database: name, part: { index: 1, of: 1 }, catalogue: await openCatalogue(dataDir, name) });
    } catch (error) {
      onProblem(name, error);
    }
  }
  return parts;
}
