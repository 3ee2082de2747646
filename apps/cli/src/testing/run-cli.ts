import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** The command as users run it: `node apps/cli/bin/molsearch.js`. */
export const CLI_BIN = join(import.meta.dirname, '..', '..', 'bin', 'molsearch.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `molsearch <args>` in `cwd` as its own process, without the environment settings that would change its answers. */
export function runCli(args: string[], cwd: string, bin = CLI_BIN): Promise<CliRun> {
  const env = { ...process.env };
  delete env.MOLSEARCH_DEBUG;
  delete env.MOLSEARCH_DATA_DIR;
  const command = bin === CLI_BIN ? process.execPath : bin;
  const argv = bin === CLI_BIN ? [CLI_BIN, ...args] : args;
  return new Promise((resolve) => {
    execFile(command, argv, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
