#!/usr/bin/env node
// The CLI is TypeScript run through tsx, like the rest of the repository: no build step to forget.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/main.ts');
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
