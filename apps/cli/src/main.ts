import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, isCodedError, usageError } from './cli-error.ts';
import type { CliIo } from './cli-io.ts';
import type { Command } from './command.ts';
import { COMMANDS } from './command-table.ts';
import { globalOptions } from './global-options.ts';
import { programHelp } from './help.ts';
import { LineOutput, OutputClosed } from './line-output.ts';
import { runCommand } from './run-command.ts';

/** Runs `molsearch <argv>` and returns the exit code; every error ends here as one line on stderr. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  // Created first so that even help output survives `| head` quietly.
  const out = new LineOutput(io.stdout);
  try {
    const { dataDir, help, rest } = globalOptions(argv);
    const [name, ...commandArgs] = rest;
    if (name === 'help' && commandArgs[0] !== undefined) return await runCommand(await loadCommand(commandArgs[0]), ['--help'], io, out, dataDir);
    if (name === undefined || name === 'help') {
      const text = programHelp(await loadAll());
      if (!help && name === undefined) {
        io.stderr.write(`${text}\n`);
        return EXIT_USAGE;
      }
      await out.line(text);
      await out.flush();
      return EXIT_OK;
    }
    const command = await loadCommand(name);
    return await runCommand(command, help ? ['--help', ...commandArgs] : commandArgs, io, out, dataDir);
  } catch (error) {
    return report(error, io);
  }
}

async function loadCommand(name: string): Promise<Command> {
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) throw usageError(`unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(', ')}`);
  return (await load()).command;
}

async function loadAll(): Promise<Command[]> {
  return Promise.all(Object.values(COMMANDS).map(async (load) => (await load()).command));
}

function report(error: unknown, io: CliIo): number {
  if (error instanceof OutputClosed) return EXIT_OK;
  const debug = io.env.MOLSEARCH_DEBUG === '1';
  if (error instanceof CliError || isCodedError(error)) {
    io.stderr.write(`molsearch: ${error.message}\n`);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`molsearch: unexpected error: ${message}${debug ? '' : ' (set MOLSEARCH_DEBUG=1 for details)'}\n`);
  }
  if (debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return error instanceof CliError ? error.exitCode : EXIT_FAILURE;
}
