import { basename } from 'node:path';
import type { ByteSource } from './byte-source.ts';
import { errorMessage, openByteSource } from './byte-source.ts';
import type { ColumnChoice } from './delimited-reader.ts';
import { sniffDelimiter, tableRecords } from './delimited-reader.ts';
import { delimitedRows } from './delimited-rows.ts';
import { formatOrThrow } from './file-format.ts';
import type { MoleculeFileFormat, ReadRecord } from './molecule-record.ts';
import { MoleculeFileError, refuseControlCharacterId } from './molecule-record.ts';
import { sdfRecords } from './sdf-reader.ts';
import { smiRecords } from './smi-reader.ts';
import { MAX_LINE_CHARS, textLines } from './text-lines.ts';
import { xlsxRows } from './xlsx-reader.ts';

export interface ReadMoleculesOptions extends ColumnChoice {
  /** Overrides the format the file name implies. */
  format?: MoleculeFileFormat;
}

/** An opened catalogue file: what it is, how far reading has got, and its records. */
export interface MoleculeFile {
  path: string;
  format: MoleculeFileFormat;
  gzipped: boolean;
  /** Bytes on disk (compressed size for .gz); compare with `bytesRead()` for progress and ETA. */
  sizeBytes: number;
  bytesRead(): number;
  /** The share of the file read, 0..1 (of its text for a gzipped file whose trailer gives its size): for progress. */
  fractionRead(): number;
  /** The records, streamed; may be iterated once. Bad rows (an id with a control character among them) come as `{ line, error }`, never as exceptions. */
  records(): AsyncGenerator<ReadRecord>;
  /** Releases the file without reading it; reading to the end (or stopping early) releases it too. */
  close(): void;
}

/**
 * Opens a `.smi`, `.csv`, `.tsv`, `.sdf` or `.xlsx` file (gzipped or not) for streaming. Throws a
 * MoleculeFileError for a missing file or an unsupported type; an unreadable workbook or a table without
 * a SMILES column throws from `records()` once reading reaches it.
 */
export async function openMoleculeFile(path: string, options: ReadMoleculesOptions = {}): Promise<MoleculeFile> {
  const format = options.format ?? formatOrThrow(path);
  const source = await openByteSource(path);
  let started = false;
  return {
    path,
    format,
    gzipped: source.gzipped,
    sizeBytes: source.sizeBytes,
    bytesRead: source.bytesRead,
    fractionRead: source.fractionRead,
    records() {
      if (started) throw new Error(`${path} is already being read; open it again to read it twice`);
      started = true;
      return recordsOf(source, format, options, basename(path));
    },
    close() {
      source.stream.destroy();
    },
  };
}

/** Shorthand for `(await openMoleculeFile(path, options)).records()`. */
export async function* readMolecules(path: string, options: ReadMoleculesOptions = {}): AsyncGenerator<ReadRecord> {
  const file = await openMoleculeFile(path, options);
  yield* file.records();
}

async function* recordsOf(source: ByteSource, format: MoleculeFileFormat, choice: ColumnChoice, fileName: string): AsyncGenerator<ReadRecord> {
  try {
    for await (const record of parse(source, format, choice, fileName)) yield refuseControlCharacterId(record);
  } catch (error) {
    if (error instanceof MoleculeFileError) throw error;
    throw new MoleculeFileError('UNREADABLE_FILE', `Cannot read ${fileName}: ${errorMessage(error)}`, { cause: error });
  } finally {
    // A consumer that stops early (`| head`, a limit) must not leave the file open.
    source.stream.destroy();
  }
}

function parse(source: ByteSource, format: MoleculeFileFormat, choice: ColumnChoice, fileName: string): AsyncGenerator<ReadRecord> {
  switch (format) {
    case 'smi':
      return smiRecords(textLines(source.stream, MAX_LINE_CHARS, source.took));
    case 'sdf':
      return sdfRecords(textLines(source.stream, MAX_LINE_CHARS, source.took));
    case 'csv':
    case 'tsv': {
      const preferred = format === 'csv' ? ',' : '\t';
      const rows = delimitedRows(textLines(source.stream, MAX_LINE_CHARS, source.took), (header) => sniffDelimiter(header, preferred));
      return tableRecords(rows, choice, fileName);
    }
    case 'xlsx':
      return tableRecords(xlsxRows(source.stream, fileName), choice, fileName);
  }
}
