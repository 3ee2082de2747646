import type { CliIo } from './cli-io.ts';
import type { LineOutput } from './line-output.ts';
import type { ParsedOptions } from './parsed-options.ts';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Allows the option more than once (`--db A --db B`). */
  multiple?: boolean;
  /** Placeholder shown in help, e.g. "DB-ID". */
  valueName?: string;
  description: string;
}

/**
 * One `molsearch <name>` command. Argument parsing, `--help`, `--data-dir` and error reporting are done
 * once for all commands by `runCommand`; a command only declares its options and does its job.
 */
export interface Command {
  name: string;
  /** One line for `molsearch --help`. */
  summary: string;
  /** Positional arguments as shown in usage, e.g. "<file|SMILES>". */
  usage: string;
  minArgs: number;
  /** Omit for no upper limit. */
  maxArgs?: number;
  options?: Record<string, OptionSpec>;
  /** Extra help text: details and examples. */
  help?: string;
  /** Returns the exit code (0 when omitted); throws CliError or a coded package error on failure. */
  run(context: CommandContext): Promise<number | void>;
}

export interface CommandContext {
  args: string[];
  options: ParsedOptions;
  /** Absolute; from --data-dir, MOLSEARCH_DATA_DIR or ./data. */
  dataDir: string;
  io: CliIo;
  /** Results, on stdout. */
  out: LineOutput;
  /** A message line on stderr (bad rows, summaries, warnings). */
  note(line: string): void;
}

/** Commands are loaded on demand so `molsearch validate` does not pay for the import machinery. */
export type CommandLoader = () => Promise<{ command: Command }>;
