import { resolve } from 'node:path';
import { isRecordError, readMolecules } from '@molsearch/engine';
import type { CommandContext } from './command.ts';

/** One query of a `--queries` file: its id (the file's, or line-N) and SMILES, and the line it came from. */
export interface QueryRow {
  line: number;
  id: string;
  smiles: string;
}

/**
 * The queries of a .smi, .csv, .tsv, .sdf or .xlsx file (read as an import reads it); rows it cannot read are
 * reported on stderr by line and skipped.
 */
export async function readQueryFile(context: CommandContext, file: string): Promise<QueryRow[]> {
  const queries: QueryRow[] = [];
  for await (const record of readMolecules(resolve(context.io.cwd, file))) {
    if (isRecordError(record)) context.note(`line ${record.line}: ${record.error}`);
    else queries.push({ line: record.line, id: record.id, smiles: record.smiles });
  }
  return queries;
}
