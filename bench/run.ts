// `npm run bench -- <name> [args...]` runs bench/<name>.ts, whose `run(args)` prints its figures.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runRelaunched, withImportFlags } from '../apps/cli/src/import-process.ts';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => !name.includes('.'));
const [name, ...args] = process.argv.slice(2);
if (!name || !existsSync(join(here, `${name}.ts`)) || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name> [args]\nbenchmarks: ${available.join(', ') || '(none)'}`);
  process.exit(2);
}
// The 3D benchmark measures imports as `molsearch import` runs them: in a process with the V8 settings of imports.
const relaunch = name === '3d' ? withImportFlags(process.execArgv) : undefined;
if (relaunch) {
  process.exitCode = await runRelaunched(relaunch, fileURLToPath(import.meta.url), process.argv.slice(2));
} else {
  const module = (await import(pathToFileURL(join(here, `${name}.ts`)).href)) as { run: (args: string[]) => Promise<void> };
  await module.run(args);
}
