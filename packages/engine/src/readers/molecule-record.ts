/** One molecule read from a catalogue file. `line` is the 1-based line (or spreadsheet row) where it starts. */
export interface MoleculeRecord {
  line: number;
  smiles: string;
  id: string;
  /** The row's other columns or data fields, by header name, when the format has them. */
  columns?: Record<string, string>;
}

/** A row that could not be read; readers report it and go on with the next row. */
export interface RecordError {
  line: number;
  error: string;
}

export type ReadRecord = MoleculeRecord | RecordError;

export type MoleculeFileFormat = 'smi' | 'csv' | 'tsv' | 'sdf' | 'xlsx';

export function isRecordError(record: ReadRecord): record is RecordError {
  return 'error' in record;
}

/**
 * Ids are written into SMILES lines, CSV and TSV cells and SD titles, where a control character (tab, CR,
 * LF, the other C0 and C1 controls, DEL) would split a line or a cell: a row with such an id is refused
 * by line, as any bad row is. Every reader's records pass through here (read-molecules.ts).
 */
export function refuseControlCharacterId(record: ReadRecord): ReadRecord {
  if (isRecordError(record) || !hasControlCharacter(record.id)) return record;
  return { line: record.line, error: 'id contains a control character' };
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Rows without an id still need a stable, unique one; the line number is both. */
export function generatedId(line: number): string {
  return `line-${line}`;
}

export type MoleculeFileErrorCode = 'FILE_NOT_FOUND' | 'UNSUPPORTED_FILE_TYPE' | 'UNREADABLE_FILE' | 'MISSING_COLUMN';

/** A file that cannot be read at all, as opposed to a bad row inside a readable file. */
export class MoleculeFileError extends Error {
  readonly code: MoleculeFileErrorCode;

  constructor(code: MoleculeFileErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MoleculeFileError';
    this.code = code;
  }
}
