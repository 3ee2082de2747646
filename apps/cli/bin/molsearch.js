#!/usr/bin/env node
// The CLI is TypeScript run through tsx, like the rest of the repository: no build step to forget.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const argv = process.argv.slice(2);
const { importRelaunch, runRelaunched } = await import('../src/import-process.ts');
const relaunch = importRelaunch(argv, process.execArgv);
if (relaunch) {
  process.exitCode = await runRelaunched(relaunch, fileURLToPath(import.meta.url), argv);
} else {
  const { runCli } = await import('../src/main.ts');
  process.exitCode = await runCli(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  });
}
