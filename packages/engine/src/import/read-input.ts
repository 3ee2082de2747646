import type { InputMolecule } from '../features/prepare-molecules.ts';
import type { ManifestSource } from '../format/catalogue-format.ts';
import { partOfId } from '../format/catalogue-part.ts';
import type { CataloguePart } from '../format/catalogue-part.ts';
import { abortedError } from '../format/engine-error.ts';
import { isRecordError } from '../readers/molecule-record.ts';
import { openMoleculeFile } from '../readers/read-molecules.ts';
import type { InputPosition } from './import-checkpoint.ts';
import type { ImportReport } from './import-report.ts';

/** Molecules read for one preparation task, and where the input stands after them. */
export interface InputBatch {
  file: string;
  molecules: InputMolecule[];
  through: InputPosition;
  /** Unreadable rows met since the previous batch (reported as they were read). */
  readErrors: number;
}

export interface ReadInputOptions {
  id: string;
  files: string[];
  sources: ManifestSource[];
  /** Where a resumed import's finished batches end: rows before it are passed over unread. */
  start: InputPosition;
  /** Stop after this many input rows, all files together. */
  limit?: number;
  batchSize: number;
  signal?: AbortSignal;
  /** Only the rows of this part (partOfId); unreadable rows, which have no id, are reported by part 1. */
  part?: CataloguePart;
}

/**
 * The input files' rows in batches of `batchSize` molecules (fewer at the end of a file), from `start`
 * to the end or the limit. Unreadable rows are reported to `report` by line, which also counts the rows
 * and follows the bytes read.
 */
export async function* readInput(options: ReadInputOptions, report: ImportReport): AsyncGenerator<InputBatch> {
  const { start, part } = options;
  report.rows = start.rows;
  let readErrors = 0;
  for (const [fileIndex, path] of options.files.entries()) {
    if (fileIndex < start.file) {
      report.finishFile(options.sources[fileIndex]!.bytes);
      continue;
    }
    const file = await openMoleculeFile(path);
    report.startFile(path, () => file.fractionRead() * options.sources[fileIndex]!.bytes);
    const skipRows = fileIndex === start.file ? start.rowsInFile : 0;
    let rowsInFile = 0;
    let molecules: InputMolecule[] = [];
    const batch = (): InputBatch => {
      const taken = { file: path, molecules, through: { file: fileIndex, rowsInFile, rows: report.rows }, readErrors };
      molecules = [];
      readErrors = 0;
      return taken;
    };
    for await (const record of file.records()) {
      if (options.signal?.aborted) throw abortedError(`Import of ${options.id}`);
      if (rowsInFile < skipRows) {
        rowsInFile++;
        continue;
      }
      if (options.limit !== undefined && report.rows >= options.limit) {
        if (molecules.length > 0) yield batch();
        return;
      }
      report.rows++;
      rowsInFile++;
      if (isRecordError(record)) {
        if (part && part.index !== 1) continue;
        report.skip(path, record.line, record.error);
        readErrors++;
      } else if (!part || partOfId(record.id, part.of) === part.index) molecules.push({ line: record.line, smiles: record.smiles, id: record.id });
      if (molecules.length >= options.batchSize) yield batch();
    }
    if (molecules.length > 0) yield batch();
    report.finishFile();
  }
}
