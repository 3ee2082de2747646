import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { globalOptions } from './global-options.ts';

/**
 * V8 settings an import runs with: garbage collection and optimising compilation done on each thread itself
 * instead of on V8's helper threads. An import's workers keep every core busy, and the helper threads only
 * competed with them: a 3D import of the 100,000 Chemspace rows used 248 s of CPU with these settings against
 * 287-309 s without, the workers' own CPU the same, and ran at 782-786 against 627-673 molecules/s (runs in
 * turn on 2 cores; docs/measurement-log.md). V8 takes them only when a process starts, so an import runs in a
 * process started with them.
 */
export const IMPORT_V8_FLAGS: readonly string[] = ['--single-threaded-gc', '--no-concurrent-recompilation'];

/** The Node.js arguments to run `molsearch <argv>` with IMPORT_V8_FLAGS, or undefined when it is no import or already has them. */
export function importRelaunch(argv: readonly string[], execArgv: readonly string[]): string[] | undefined {
  return commandName(argv) === 'import' ? withImportFlags(execArgv) : undefined;
}

/** `execArgv` with IMPORT_V8_FLAGS added, or undefined when it has them all. */
export function withImportFlags(execArgv: readonly string[]): string[] | undefined {
  if (IMPORT_V8_FLAGS.every((flag) => execArgv.includes(flag))) return undefined;
  return [...IMPORT_V8_FLAGS.filter((flag) => !execArgv.includes(flag)), ...execArgv];
}

/** The command of `molsearch <argv>`, read as runCli reads it; undefined when there is none or the options before it are wrong (runCli then says so). */
function commandName(argv: readonly string[]): string | undefined {
  try {
    return globalOptions(argv).rest[0];
  } catch {
    return undefined;
  }
}

const PASSED_ON: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs `node <nodeArgs> <script> <argv>` on this process's standard streams and resolves to its exit code
 * (128 + the signal's number when a signal ended it). A signal sent to this process is passed on, and this
 * process waits for the import to stop: an interrupted import leaves its work folder for --resume.
 */
export function runRelaunched(nodeArgs: readonly string[], script: string, argv: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, [...nodeArgs, script, ...argv], { stdio: 'inherit' });
  const passOn = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of PASSED_ON) process.on(signal, passOn);
  return new Promise((resolve) => {
    const done = (code: number) => {
      for (const signal of PASSED_ON) process.off(signal, passOn);
      resolve(code);
    };
    child.on('error', (error) => {
      process.stderr.write(`molsearch: cannot start the import: ${error.message}\n`);
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}
