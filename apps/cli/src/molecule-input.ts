import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadRDKit } from '@molsearch/chem';
import type { RDKitMol } from '@molsearch/chem';
import { formatFromFileName, isRecordError, openMoleculeFile } from '@molsearch/engine';
import type { MoleculeRecord } from '@molsearch/engine';
import { CliError } from './cli-error.ts';
import type { CommandContext } from './command.ts';
import { withParsedSmiles } from './parse-smiles.ts';
import { ProgressBar } from './progress-bar.ts';

/** Turns one parsed molecule into one output line; runs while the molecule is alive, so it must not keep it. */
export type MoleculeLine = (mol: RDKitMol, record: MoleculeRecord) => string;

/** Whether a command argument names a file rather than being a SMILES string. */
export function isFileArgument(arg: string, cwd: string): boolean {
  const path = resolve(cwd, arg);
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) throw new CliError('NOT_A_FILE', `${arg} is a directory; give a molecule file or a SMILES`);
    return true;
  }
  // A SMILES never ends in `.smi` or `.csv`; a missing file with such a name is an error, not a molecule.
  if (formatFromFileName(arg)) throw new CliError('FILE_NOT_FOUND', `File not found: ${arg}`);
  return false;
}

/**
 * Writes one line per molecule of `input` (a file, or a single SMILES) to stdout. For a file, bad rows are
 * reported on stderr as `line N: reason` and skipped, and a summary `N molecules, M skipped` ends the run;
 * a single SMILES that does not parse fails the command with the product's message.
 */
export async function writeMoleculeLines(context: CommandContext, input: string, toLine: MoleculeLine): Promise<number> {
  await loadRDKit();
  if (!isFileArgument(input, context.io.cwd)) {
    const result = withParsedSmiles(input, (mol) => toLine(mol, { line: 1, smiles: input.trim(), id: input.trim() }));
    if (!result.ok) throw new CliError('INVALID_SMILES', result.message);
    await context.out.line(result.value);
    return 0;
  }
  return writeFileLines(context, resolve(context.io.cwd, input), toLine);
}

async function writeFileLines(context: CommandContext, path: string, toLine: MoleculeLine): Promise<number> {
  const file = await openMoleculeFile(path);
  // Progress only on a terminal: in a pipeline or a log, stderr carries just the bad rows and the summary.
  const progress = context.io.stderr.isTTY ? new ProgressBar({ label: 'Reading', stream: context.io.stderr }) : undefined;
  const note = progress ? (line: string) => progress.log(line) : context.note;
  let good = 0;
  let skipped = 0;
  for await (const record of file.records()) {
    if (isRecordError(record)) {
      skipped++;
      note(`line ${record.line}: ${record.error}`);
    } else {
      // A row that broke the toolkit has it replaced; the next row waits for the fresh one.
      await loadRDKit();
      const result = withParsedSmiles(record.smiles, (mol) => toLine(mol, record));
      if (result.ok) {
        good++;
        await context.out.line(result.value);
      } else {
        skipped++;
        note(`line ${record.line}: ${result.message}`);
      }
    }
    progress?.update(good + skipped, file.sizeBytes > 0 ? file.bytesRead() / file.sizeBytes : undefined);
  }
  await context.out.flush();
  progress?.finish(summary(good, skipped));
  if (!progress) context.note(summary(good, skipped));
  // A file in which nothing could be read is a failure, not an empty result.
  return good === 0 && skipped > 0 ? 1 : 0;
}

function summary(good: number, skipped: number): string {
  return `${good} molecule${good === 1 ? '' : 's'}, ${skipped} skipped`;
}
