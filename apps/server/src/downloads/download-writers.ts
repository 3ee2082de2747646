import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { HIT_SCORE_FIELDS, csvRow } from '@molsearch/api';
import type { FileFormat, HitScoreField } from '@molsearch/api';
import { sdfRecord, smilesLine } from '@molsearch/chem';
import ExcelJS from 'exceljs';
import type { PropertyValue } from '../search/search-engine.ts';

/** One row of a download file. */
export interface DownloadRecord {
  smiles: string;
  id: string;
  db_id: string;
  database: string;
  similarity: number;
  /** The three scores of the hit, null where it has none (no 3D model). */
  scores: Record<HitScoreField, number | null>;
  /** Property columns and metadata columns, in `columns` order after the fixed ones. */
  extra: Record<string, PropertyValue>;
  /** For SDF: the hit's 3D molblock aligned on the query; without it the record gets 2D coordinates. */
  molblock?: string;
}

export interface DownloadWriter {
  write(records: DownloadRecord[]): Promise<void>;
  finish(): Promise<void>;
}

const YIELD_EVERY = 50;

export const FIXED_COLUMNS = ['smiles', 'id', 'db_id', 'database', 'similarity', ...HIT_SCORE_FIELDS] as const;

export const FILE_EXTENSIONS: Record<FileFormat, string> = { csv: 'csv', sdf: 'sdf', smi: 'smi', xlsx: 'xlsx' };

/**
 * Opens a writer for `format`; `extraColumns` follow the fixed columns in CSV and XLSX and become SDF data
 * fields. An SD file starts with `leadingSdfRecord` when given (the query a 3D download's hits are posed on).
 */
export function openDownloadWriter(format: FileFormat, file: string, extraColumns: string[], leadingSdfRecord = ''): DownloadWriter {
  switch (format) {
    case 'csv':
      return textWriter(file, `${csvRow([...FIXED_COLUMNS, ...extraColumns])}\n`, (record) => `${csvRow(rowValues(record, extraColumns))}\n`);
    case 'smi':
      // The SMILES convention: structure, whitespace, name; the vendor id is what a chemist orders by.
      return textWriter(file, '', (record) => smilesLine(record.smiles, record.db_id));
    case 'sdf':
      return textWriter(file, leadingSdfRecord, (record) => sdfEntry(record, extraColumns));
    case 'xlsx':
      return xlsxWriter(file, extraColumns);
  }
}

/** The fixed columns' values, then the extra columns', in header order. */
function rowValues(record: DownloadRecord, extraColumns: string[]): PropertyValue[] {
  return [
    record.smiles,
    record.id,
    record.db_id,
    record.database,
    record.similarity,
    ...HIT_SCORE_FIELDS.map((field) => record.scores[field]),
    ...extraColumns.map((key) => record.extra[key] ?? null),
  ];
}

function textWriter(file: string, header: string, line: (record: DownloadRecord) => string): DownloadWriter {
  const stream = createWriteStream(file, { encoding: 'utf8' });
  const failed = once(stream, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  const put = async (text: string): Promise<void> => {
    if (!stream.write(text)) await Promise.race([once(stream, 'drain'), failed]);
  };
  let started = false;
  return {
    async write(records) {
      if (!started && header) await put(header);
      started = true;
      let chunk = '';
      for (const [index, record] of records.entries()) {
        chunk += line(record);
        // SDF depiction costs about a millisecond a molecule: give other requests a turn regularly.
        if (index % YIELD_EVERY === YIELD_EVERY - 1) {
          await put(chunk);
          chunk = '';
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await put(chunk);
    },
    async finish() {
      if (!started && header) await put(header);
      await closeStream(stream, failed);
    },
  };
}

async function closeStream(stream: WriteStream, failed: Promise<never>): Promise<void> {
  stream.end();
  await Promise.race([once(stream, 'finish'), failed]);
}

/** A molfile titled with the vendor id: the aligned 3D pose given with the record, else 2D coordinates; every column as a data item. */
function sdfEntry(record: DownloadRecord, extraColumns: string[]): string {
  const fields = [...FIXED_COLUMNS, ...extraColumns].map((key, index) => [key, rowValues(record, extraColumns)[index] ?? null] as const);
  return sdfRecord({ title: record.db_id, molblock: record.molblock, smiles: record.smiles, fields });
}

function xlsxWriter(file: string, extraColumns: string[]): DownloadWriter {
  // The streaming writer keeps memory flat for 100,000 rows instead of building the sheet in memory.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('hits');
  sheet.addRow([...FIXED_COLUMNS, ...extraColumns]).commit();
  return {
    async write(records) {
      // Cells are typed: text stays text, so an id that looks like a formula is never one.
      for (const record of records) sheet.addRow(rowValues(record, extraColumns)).commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
