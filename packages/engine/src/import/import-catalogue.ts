import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { MoleculeLimits } from '@molsearch/chem';
import { join } from 'node:path';
import { MoleculeFileError, isRecordError } from '../readers/molecule-record.ts';
import { openMoleculeFile } from '../readers/read-molecules.ts';
import { CatalogueBuilder, bytesPerMolecule } from './catalogue-builder.ts';
import { CATALOGUE_FORMAT_VERSION, MANIFEST_FILE, MORGAN_BUILD } from '../format/catalogue-format.ts';
import type { CatalogueManifest, ManifestSource } from '../format/catalogue-format.ts';
import { assertCatalogueId, catalogueDir, cataloguesDir, isTemporaryDirOf, temporaryDirName } from '../format/catalogue-paths.ts';
import type { PreparedBatch } from '../features/prepared-batch.ts';
import { EngineError, abortedError } from '../format/engine-error.ts';
import { appendCheckpoint, checkpointHeader, discardCheckpoint, readCheckpoint, startCheckpoint } from './import-checkpoint.ts';
import type { CheckpointHeader, CheckpointRecord, InputPosition } from './import-checkpoint.ts';
import { createPreparer } from './import-pool.ts';
import type { MoleculePreparer } from './import-pool.ts';
import { CATALOGUE_PROPERTIES, STANDARDIZATION } from '../features/prepare-molecules.ts';
import { CATALOGUE_SHAPE } from '../features/shape-features.ts';
import type { ShapeBuildOptions } from '../features/shape-features.ts';
import type { InputMolecule } from '../features/prepare-molecules.ts';

export interface ImportOptions {
  files: string[];
  id: string;
  dataDir: string;
  /** Worker threads preparing molecules; 0 prepares on the calling thread. Default 2. */
  workers?: number;
  /** Stop after this many input rows (all files together). */
  limit?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  /** Each skipped row, as it is found. */
  onSkipped?: (row: SkippedRow) => void;
  /** Molecules per task sent to a worker. */
  batchSize?: number;
  /**
   * Also build the 3D columns (conformers, compact models, volume grids, charge sites) for the shape
   * and electrostatic searches: true for CATALOGUE_SHAPE, or explicit options. Conformer
   * generation makes this about 50 ms of CPU a molecule, ten times the 2D work.
   */
  shape?: boolean | ShapeBuildOptions;
  /** A preparer shared by several imports (it stays open); by default each import starts `workers` threads. */
  preparer?: MoleculePreparer;
  /**
   * Continue the work folder of an earlier import of this id that was killed part-way (same files,
   * unchanged, same options): its finished batches are kept and reading starts after them. Without a
   * folder to continue the import starts from the beginning. Default false: start over.
   */
  resume?: boolean;
  /** Molecule size limits other than the defaults (chem's DEFAULT_MOLECULE_LIMITS); larger rows are skipped. */
  moleculeLimits?: Partial<MoleculeLimits>;
}

export interface ImportProgress {
  phase: 'reading' | 'writing' | 'done';
  file: string;
  /** Input rows read so far. */
  rows: number;
  molecules: number;
  skipped: number;
  /** Fraction 0..1 of the input bytes read (or of the limit, when one is set). */
  fraction: number;
  moleculesPerSecond: number;
  /** Estimated seconds left, when it can be told. */
  etaSeconds?: number;
}

export interface SkippedRow {
  file: string;
  line: number;
  reason: string;
}

export interface ImportSummary {
  id: string;
  dir: string;
  count: number;
  rows: number;
  skippedRows: number;
  duplicateIds: number;
  seconds: number;
  moleculesPerSecond: number;
  bytesPerMolecule: number;
  /** Input rows taken over from the interrupted import this one resumed (0 when it started afresh). */
  resumedRows: number;
}

const DEFAULT_BATCH = 200;
// 3D batches take ten times longer; smaller ones keep both workers busy to the end of an import.
const DEFAULT_SHAPE_BATCH = 25;

/**
 * Builds catalogue `id` from vendor files. Work happens in `<id>.tmp-<pid>`; only a complete build is
 * renamed into place, so readers see the old catalogue or the new one, never half of one. A cancelled
 * or failed import removes its folder; one killed outright leaves a folder with its finished batches
 * (import-checkpoint.ts), which the next import continues with `resume` or else removes.
 */
export async function importCatalogue(options: ImportOptions): Promise<ImportSummary> {
  assertCatalogueId(options.id);
  const started = performance.now();
  const root = cataloguesDir(options.dataDir);
  await mkdir(root, { recursive: true });
  const shape = options.shape === true ? CATALOGUE_SHAPE : options.shape || undefined;
  const sources = await describeSources(options.files);
  const header = await checkpointHeader(options.id, options.files, CATALOGUE_PROPERTIES.map((p) => p.key), shape, options.limit);
  const workDir = join(root, temporaryDirName(options.id, process.pid));
  const resumed = await claimStaleFolders(root, options.id, workDir, options.resume ? header : undefined);
  if (!resumed) {
    await mkdir(workDir);
    await startCheckpoint(workDir, header);
  }
  const preparer = options.preparer ?? createPreparer(options.workers ?? 2);
  const inFlight: { file: string; result: Promise<PreparedBatch>; through: InputPosition; readErrors: number }[] = [];
  try {
    const builder = new CatalogueBuilder(CATALOGUE_PROPERTIES, shape !== undefined);
    const report = new ImportReport(options, sources, started);
    const maxInFlight = 2 * Math.max(1, options.workers ?? 2) + 1;
    // Batches finished before the interruption: counted again, their rows already reported then.
    let start: InputPosition = { file: 0, rowsInFile: 0, rows: 0 };
    for (const record of resumed ?? []) {
      report.countSkipped(record.readErrors + record.batch.rejected.length + builder.add(record.batch).length);
      start = record.through;
    }
    report.molecules = builder.count;
    const resumedRows = start.rows;
    const collect = async (): Promise<void> => {
      const next = inFlight.shift();
      if (!next) return;
      const batch = await next.result;
      for (const rejected of batch.rejected) report.skip(next.file, rejected.line, rejected.message);
      for (const line of builder.add(batch)) report.skip(next.file, line, 'duplicate id: kept the first row with this id');
      report.molecules = builder.count;
      await appendCheckpoint(workDir, { batch, through: next.through, readErrors: next.readErrors });
    };
    let rows = start.rows;
    files: for (const [fileIndex, path] of options.files.entries()) {
      if (fileIndex < start.file) {
        report.finishFile(sources[fileIndex]!.bytes);
        continue;
      }
      const file = await openMoleculeFile(path);
      report.startFile(path, file.bytesRead);
      const skipRows = fileIndex === start.file ? start.rowsInFile : 0;
      let rowsInFile = 0;
      let readErrors = 0;
      let pending: InputMolecule[] = [];
      const submit = async (): Promise<void> => {
        if (pending.length === 0) return;
        const through = { file: fileIndex, rowsInFile, rows };
        inFlight.push({ file: path, result: preparer.prepare({ molecules: pending, properties: CATALOGUE_PROPERTIES, shape, limits: options.moleculeLimits }), through, readErrors });
        pending = [];
        readErrors = 0;
        while (inFlight.length >= maxInFlight) await collect();
      };
      for await (const record of file.records()) {
        if (options.signal?.aborted) throw abortedError(`Import of ${options.id}`);
        if (rowsInFile < skipRows) {
          rowsInFile++;
          continue;
        }
        if (options.limit !== undefined && rows >= options.limit) {
          await submit();
          break files;
        }
        rows++;
        rowsInFile++;
        if (isRecordError(record)) {
          report.skip(path, record.line, record.error);
          readErrors++;
        } else pending.push({ line: record.line, smiles: record.smiles, id: record.id });
        if (pending.length >= (options.batchSize ?? (options.shape ? DEFAULT_SHAPE_BATCH : DEFAULT_BATCH))) {
          await submit();
          report.rows = rows;
          report.emit('reading');
        }
      }
      await submit();
      report.finishFile();
    }
    while (inFlight.length > 0) await collect();
    if (options.signal?.aborted) throw abortedError(`Import of ${options.id}`);
    if (builder.count === 0) {
      throw new EngineError('IMPORT_FAILED', `No molecule of ${options.files.join(', ')} could be imported (${report.skipped} rows skipped); catalogue ${options.id} was left as it was.`);
    }
    report.rows = rows;
    report.emit('writing');
    const files = await builder.write(workDir);
    await discardCheckpoint(workDir);
    const manifest: CatalogueManifest = {
      formatVersion: CATALOGUE_FORMAT_VERSION,
      id: options.id,
      count: builder.count,
      created: new Date().toISOString(),
      build: { fingerprint: MORGAN_BUILD, standardization: STANDARDIZATION, rowOrder: 'popcount' },
      sources,
      skippedRows: report.skipped,
      duplicateIds: builder.duplicateIds,
      properties: [...builder.properties],
      files,
      bytesPerMolecule: 0,
      ...(shape ? { shape } : {}),
    };
    manifest.bytesPerMolecule = bytesPerMolecule(manifest);
    // The manifest is written last: a folder without one is never a catalogue.
    await writeFile(join(workDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    if (options.signal?.aborted) throw abortedError(`Import of ${options.id}`);
    const dir = await moveIntoPlace(workDir, options.dataDir, options.id);
    const seconds = (performance.now() - started) / 1000;
    report.emit('done');
    return {
      id: options.id,
      dir,
      count: builder.count,
      rows,
      skippedRows: report.skipped,
      duplicateIds: builder.duplicateIds,
      seconds,
      moleculesPerSecond: builder.count / Math.max(seconds, 1e-9),
      bytesPerMolecule: manifest.bytesPerMolecule,
      resumedRows,
    };
  } catch (error) {
    // Batches still in flight fail when the pool closes; nobody waits for them any more.
    for (const pending of inFlight) pending.result.catch(() => undefined);
    await rm(workDir, { recursive: true, force: true });
    if (error instanceof EngineError || error instanceof MoleculeFileError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new EngineError('IMPORT_FAILED', `Import of ${options.id} failed: ${message}`, { cause: error });
  } finally {
    if (!options.preparer) await preparer.close();
  }
}

/**
 * Swaps the finished folder in: the old catalogue is renamed aside, the new one renamed to its name,
 * then the old one deleted. Both renames are atomic; between them (microseconds) the id is briefly absent.
 */
async function moveIntoPlace(workDir: string, dataDir: string, id: string): Promise<string> {
  const target = catalogueDir(dataDir, id);
  const aside = join(cataloguesDir(dataDir), `${id}.old-${process.pid}`);
  const hadOld = await exists(target);
  if (hadOld) await rename(target, aside);
  await rename(workDir, target);
  if (hadOld) await rm(aside, { recursive: true, force: true });
  return target;
}

/**
 * Work folders of earlier imports of `id` whose process is gone: with `resume`, the most recent one
 * whose checkpoint matches is renamed to `workDir` and its finished batches returned; the rest are removed.
 */
async function claimStaleFolders(root: string, id: string, workDir: string, resume: CheckpointHeader | undefined): Promise<CheckpointRecord[] | undefined> {
  const stale: { path: string; resumable: boolean; modified: number }[] = [];
  for (const name of await readdir(root)) {
    if (!isTemporaryDirOf(name, id)) continue;
    const pid = Number(name.slice(name.lastIndexOf('-') + 1));
    if (Number.isInteger(pid) && pid !== process.pid && processIsAlive(pid)) continue;
    const path = join(root, name);
    stale.push({ path, resumable: name.startsWith(`${id}.tmp-`), modified: (await stat(path)).mtimeMs });
  }
  stale.sort((a, b) => b.modified - a.modified);
  let records: CheckpointRecord[] | undefined;
  for (const folder of stale) {
    if (resume && !records && folder.resumable) {
      records = await readCheckpoint(folder.path, resume);
      if (records) {
        await rename(folder.path, workDir);
        continue;
      }
    }
    await rm(folder.path, { recursive: true, force: true });
  }
  return records;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
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

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Counts, skipped-row reports and progress estimates of one import. */
class ImportReport {
  rows = 0;
  molecules = 0;
  skipped = 0;
  private readonly totalBytes: number;
  private doneBytes = 0;
  private file = '';
  private bytesRead: () => number = () => 0;

  constructor(
    private readonly options: ImportOptions,
    sources: ManifestSource[],
    private readonly started: number,
  ) {
    this.totalBytes = sources.reduce((sum, source) => sum + source.bytes, 0);
  }

  startFile(path: string, bytesRead: () => number): void {
    this.file = path;
    this.bytesRead = bytesRead;
  }

  /** `bytes`: the file's size, for a file a resumed import does not read again. */
  finishFile(bytes?: number): void {
    this.doneBytes += bytes ?? this.bytesRead();
    this.bytesRead = () => 0;
  }

  /** Rows skipped and reported by the interrupted import a resumed one continues. */
  countSkipped(rows: number): void {
    this.skipped += rows;
  }

  skip(file: string, line: number, reason: string): void {
    this.skipped++;
    this.options.onSkipped?.({ file, line, reason });
  }

  emit(phase: ImportProgress['phase']): void {
    if (!this.options.onProgress) return;
    const seconds = (performance.now() - this.started) / 1000;
    const byBytes = this.totalBytes > 0 ? Math.min(1, (this.doneBytes + this.bytesRead()) / this.totalBytes) : 0;
    // Rows are read ahead of the workers; progress counts rows whose preparation has finished.
    const byLimit = this.options.limit ? Math.min(1, (this.molecules + this.skipped) / this.options.limit) : 0;
    const fraction = phase === 'done' ? 1 : Math.max(byBytes, byLimit);
    const rate = this.molecules / Math.max(seconds, 1e-9);
    const etaSeconds = fraction > 0.01 && fraction < 1 ? (seconds * (1 - fraction)) / fraction : undefined;
    this.options.onProgress({ phase, file: this.file, rows: this.rows, molecules: this.molecules, skipped: this.skipped, fraction, moleculesPerSecond: rate, etaSeconds });
  }
}
