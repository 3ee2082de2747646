import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STANDARDIZATION } from '../features/prepare-molecules.ts';
import type { ShapeBuildOptions } from '../features/shape-features.ts';
import { CATALOGUE_FORMAT_VERSION, MANIFEST_FILE, MORGAN_BUILD } from '../format/catalogue-format.ts';
import { CHARGE_FIELD } from '../format/charge-index-layout.ts';
import type { CatalogueManifest, ManifestSource } from '../format/catalogue-format.ts';
import { PART_RULE } from '../format/catalogue-part.ts';
import type { CataloguePart } from '../format/catalogue-part.ts';
import { catalogueDir, cataloguesDir, partDir, partFolderName } from '../format/catalogue-paths.ts';
import { throwIfAborted } from '../format/engine-error.ts';
import { bytesPerMolecule } from './catalogue-builder.ts';
import type { CatalogueBuilder } from './catalogue-builder.ts';
import { discardCheckpoint } from './import-checkpoint.ts';

export interface FinishOptions {
  id: string;
  dataDir: string;
  sources: ManifestSource[];
  shape?: ShapeBuildOptions;
  /** Input rows not imported, for the manifest. */
  skippedRows: number;
  signal?: AbortSignal;
  /** The part built, which goes to its own folder (catalogue-paths.ts). */
  part?: CataloguePart;
  /** Told the rows inserted of all there are while a walked catalogue's stage-1 graphs are built. */
  onIndexed?: (rows: number, of: number) => void;
}

/**
 * Writes the builder's columns and then the manifest into the work folder, drops the checkpoint, and
 * moves the finished catalogue into place. The manifest is written last: a folder without one is never
 * a catalogue.
 */
export async function finishImport(builder: CatalogueBuilder, workDir: string, options: FinishOptions): Promise<{ dir: string; manifest: CatalogueManifest }> {
  const files = await builder.write(workDir, options.onIndexed);
  await discardCheckpoint(workDir);
  const manifest: CatalogueManifest = {
    formatVersion: CATALOGUE_FORMAT_VERSION,
    id: options.id,
    count: builder.count,
    created: new Date().toISOString(),
    build: { fingerprint: MORGAN_BUILD, standardization: STANDARDIZATION, rowOrder: 'popcount' },
    sources: options.sources,
    skippedRows: options.skippedRows,
    duplicateIds: builder.duplicateIds,
    properties: [...builder.properties],
    files,
    bytesPerMolecule: 0,
    ...(options.shape ? { shape: { ...options.shape, chargeIndex: CHARGE_FIELD } } : {}),
    ...(options.part ? { part: { index: options.part.index, of: options.part.of, rule: PART_RULE } } : {}),
  };
  manifest.bytesPerMolecule = bytesPerMolecule(manifest);
  await writeFile(join(workDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  throwIfAborted(options.signal, `Import of ${options.id}`);
  return { dir: await moveIntoPlace(workDir, options.dataDir, options.id, options.part), manifest };
}

/**
 * Swaps the finished folder in: the old catalogue is renamed aside, the new one renamed to its name,
 * then the old one deleted. Both renames are atomic; between them (microseconds) the id is briefly absent.
 */
async function moveIntoPlace(workDir: string, dataDir: string, id: string, part: CataloguePart | undefined): Promise<string> {
  const target = part ? partDir(dataDir, id, part) : catalogueDir(dataDir, id);
  const aside = join(cataloguesDir(dataDir), `${part ? partFolderName(id, part) : id}.old-${process.pid}`);
  const hadOld = await exists(target);
  if (hadOld) await rename(target, aside);
  await rename(workDir, target);
  if (hadOld) await rm(aside, { recursive: true, force: true });
  return target;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
