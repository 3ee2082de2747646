import { mkdir, rm, stat } from 'node:fs/promises';
import { CATALOGUE_PROPERTIES } from '../features/prepare-molecules.ts';
import { CATALOGUE_SHAPE, buildChargeModel } from '../features/shape-features.ts';
import type { ManifestSource } from '../format/catalogue-format.ts';
import { assertCatalogueId, cataloguesDir, partFolderName } from '../format/catalogue-paths.ts';
import { EngineError, throwIfAborted } from '../format/engine-error.ts';
import { INDEX_WALK } from '../format/shape-index-layout.ts';
import { MoleculeFileError } from '../readers/molecule-record.ts';
import { BatchQueue } from './batch-queue.ts';
import { CatalogueBuilder } from './catalogue-builder.ts';
import { finishImport } from './finish-import.ts';
import { checkpointHeader } from './import-checkpoint.ts';
import type { InputPosition } from './import-checkpoint.ts';
import { createPreparer } from './import-pool.ts';
import { ImportReport } from './import-report.ts';
import type { ImportOptions, ImportSummary } from './import-types.ts';
import { readInput } from './read-input.ts';
import { openWorkFolder } from './work-folder.ts';

export type { ImportOptions, ImportProgress, ImportSummary, SkippedRow } from './import-types.ts';

const DEFAULT_BATCH = 200;
// 3D batches take ten times longer; smaller ones keep both workers busy to the end of an import.
const DEFAULT_SHAPE_BATCH = 25;

/**
 * Builds catalogue `id` from vendor files: reading (read-input.ts) feeds batches to the preparer's
 * workers (batch-queue.ts), and the prepared molecules are written and moved into place at the end
 * (finish-import.ts). Work happens in `<id>.tmp-<pid>`; only a complete build is renamed into place, so
 * readers see the old catalogue or the new one, never half of one. A cancelled or failed import removes
 * its folder; one killed outright leaves a folder with its finished batches (import-checkpoint.ts), which
 * the next import continues with `resume` or else removes.
 */
export async function importCatalogue(options: ImportOptions): Promise<ImportSummary> {
  assertCatalogueId(options.id);
  const started = performance.now();
  const root = cataloguesDir(options.dataDir);
  await mkdir(root, { recursive: true });
  // The manifest records the charge model the 3D columns were built with, named or not.
  const shape = options.shape === true ? CATALOGUE_SHAPE : options.shape ? { ...options.shape, ...buildChargeModel(options.shape) } : undefined;
  const sources = await describeSources(options.files);
  const header = await checkpointHeader(options.id, options.files, CATALOGUE_PROPERTIES.map((p) => p.key), shape, options.limit);
  // A part has its own folder, work folder and checkpoint: parts of one catalogue may be imported side by side.
  const folder = options.shard ? partFolderName(options.id, options.shard) : options.id;
  const work = await openWorkFolder(root, folder, header, options.resume === true);
  const preparer = options.preparer ?? createPreparer(options.workers ?? 2, { rowTimeoutMs: options.rowTimeoutMs });
  const builder = new CatalogueBuilder(CATALOGUE_PROPERTIES, shape !== undefined, work.dir, {
    graphRows: options.indexGraphRows ?? INDEX_WALK.exhaustiveRows,
    threads: options.indexThreads ?? 2,
  });
  const report = new ImportReport(options, sources, started);
  const queue = new BatchQueue({
    preparer,
    request: { properties: CATALOGUE_PROPERTIES, shape, limits: options.moleculeLimits },
    builder,
    report,
    workDir: work.dir,
    maxInFlight: 2 * Math.max(1, options.workers ?? 2) + 1,
  });
  try {
    // Batches finished before the interruption: counted again, their refused rows already reported then.
    let start: InputPosition = { file: 0, rowsInFile: 0, rows: 0 };
    for (const record of work.resumed ?? []) {
      report.countSkipped(record.readErrors + record.batch.rejected.length);
      builder.add(record.batch, record.through.file);
      report.chargeFallbacks += record.batch.chargeFallbacks ?? 0;
      start = record.through;
    }
    report.molecules = builder.count;
    const batchSize = options.batchSize ?? (shape ? DEFAULT_SHAPE_BATCH : DEFAULT_BATCH);
    for await (const batch of readInput({ id: options.id, files: options.files, sources, start, limit: options.limit, batchSize, signal: options.signal, part: options.shard }, report)) {
      await queue.submit(batch);
      report.emit('reading');
    }
    await queue.drain();
    throwIfAborted(options.signal, `Import of ${options.id}`);
    // Rows of every batch, resumed ones included, whose id an earlier row has: reported here, once all are in.
    for (const { file, line } of builder.dropRepeatedIds()) report.skip(options.files[file]!, line, 'duplicate id: kept the first row with this id');
    report.molecules = builder.count;
    if (builder.count === 0) {
      throw new EngineError('IMPORT_FAILED', `No molecule of ${options.files.join(', ')} could be imported (${report.skipped} rows skipped); catalogue ${options.id} was left as it was.`);
    }
    report.emit('writing');
    const { dir, manifest } = await finishImport(builder, work.dir, {
      id: options.id, dataDir: options.dataDir, sources, shape, skippedRows: report.skipped, signal: options.signal, part: options.shard,
      onIndexed: (rows, of) => report.emit('indexing', { rows, of }),
    });
    const seconds = (performance.now() - started) / 1000;
    report.emit('done');
    return {
      id: options.id,
      dir,
      count: builder.count,
      rows: report.rows,
      skippedRows: report.skipped,
      duplicateIds: builder.duplicateIds,
      seconds,
      moleculesPerSecond: builder.count / Math.max(seconds, 1e-9),
      bytesPerMolecule: manifest.bytesPerMolecule,
      resumedRows: start.rows,
      ...(shape ? { chargeFallbacks: report.chargeFallbacks } : {}),
      ...(options.shard ? { part: options.shard } : {}),
    };
  } catch (error) {
    queue.abandon();
    builder.discard();
    await rm(work.dir, { recursive: true, force: true });
    if (error instanceof EngineError || error instanceof MoleculeFileError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new EngineError('IMPORT_FAILED', `Import of ${options.id} failed: ${message}`, { cause: error });
  } finally {
    if (!options.preparer) await preparer.close();
  }
}

async function describeSources(files: string[]): Promise<ManifestSource[]> {
  if (files.length === 0) throw new EngineError('INVALID_REQUEST', 'Import needs at least one input file.');
  return Promise.all(
    files.map(async (path) => {
      try {
        return { path, bytes: (await stat(path)).size };
      } catch (error) {
        throw new MoleculeFileError('FILE_NOT_FOUND', `File not found: ${path}`, { cause: error });
      }
    }),
  );
}
