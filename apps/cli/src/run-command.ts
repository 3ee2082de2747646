import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { usageError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import type { Command, OptionSpec } from './command.ts';
import { resolveDataDir } from './data-dir.ts';
import { GLOBAL_OPTIONS, commandHelp } from './help.ts';
import type { LineOutput } from './line-output.ts';
import { ParsedOptions } from './parsed-options.ts';

/**
 * Parses a command's arguments (its own options plus the global ones), answers `--help`, resolves the data
 * directory and runs it. Errors propagate to `runCli`, which reports them.
 */
export async function runCommand(command: Command, argv: string[], io: CliIo, out: LineOutput, globalDataDir: string | undefined): Promise<number> {
  const { values, positionals } = parseCommandLine(command, argv);
  const options = new ParsedOptions(values);
  if (options.flag('help')) {
    await out.line(commandHelp(command));
    await out.flush();
    return 0;
  }
  if (positionals.length < command.minArgs || (command.maxArgs !== undefined && positionals.length > command.maxArgs)) {
    const expected = command.maxArgs === command.minArgs ? `${command.minArgs}` : `${command.minArgs}${command.maxArgs === undefined ? ' or more' : `-${command.maxArgs}`}`;
    throw usageError(`${command.name} takes ${expected} argument(s): ${command.usage} (got ${positionals.length}); see 'molsearch ${command.name} --help'`);
  }
  const exitCode = await command.run({
    args: positionals,
    options,
    dataDir: resolveDataDir(options.string('data-dir') ?? globalDataDir, io),
    io,
    out,
    note: (line) => io.stderr.write(`${line}\n`),
  });
  await out.flush();
  return exitCode ?? 0;
}

function parseCommandLine(command: Command, argv: string[]): ReturnType<typeof parseArgs> {
  const specs: Record<string, OptionSpec> = { ...command.options, ...GLOBAL_OPTIONS };
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries(specs)) {
    options[name] = { type: spec.type, ...(spec.short ? { short: spec.short } : {}), ...(spec.multiple ? { multiple: true } : {}) };
  }
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    // node:util's messages are clear but mention internals ("To specify a positional argument ..."); keep the first sentence.
    const message = error instanceof Error ? (error.message.split('. ')[0] ?? error.message) : String(error);
    throw usageError(`${message}; see 'molsearch ${command.name} --help'`);
  }
}
