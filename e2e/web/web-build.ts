import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(import.meta.dirname, '../..');
const WEB = join(REPO, 'apps/web');
export const WEB_DIST = join(WEB, 'dist');

/** Newest modification time under `path` (files and folders), skipping build output and dependencies. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** The sources the built app depends on: the web app itself, the shared API types and the catalogue list. */
const SOURCES = [join(WEB, 'src'), join(WEB, 'public'), join(WEB, 'index.html'), join(WEB, 'vite.config.ts'), join(REPO, 'packages/api/src'), join(REPO, 'config/catalogues.json')];

function sourcesChangedSince(builtAt: number): boolean {
  return SOURCES.some((source) => existsSync(source) && newest(source) > builtAt);
}

/**
 * Builds apps/web for the browser tests, unless the existing build is newer than every source. `quiet`
 * keeps Vite's report to itself and prints it only if the build fails (the test command builds while
 * it type-checks, and their outputs would interleave).
 */
export async function buildWebApp(options: { quiet?: boolean } = {}): Promise<void> {
  const index = join(WEB_DIST, 'index.html');
  if (existsSync(index) && !sourcesChangedSince(statSync(index).mtimeMs)) return;
  // Several test runs may start at once on one checkout: one builds, the others wait and reuse its build.
  const build = `[ -f ${JSON.stringify(index)} ] && [ -z "$(find ${SOURCES.map((source) => JSON.stringify(source)).join(' ')} -newer ${JSON.stringify(index)} -print -quit 2>/dev/null)" ] || npm run build -w @molsearch/web`;
  const [command, args] = existsSync('/usr/bin/flock') ? ['flock', [join(tmpdir(), 'molsearch-web-build.lock'), 'sh', '-c', build]] : ['npm', ['run', 'build', '-w', '@molsearch/web']];
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle and no service worker.
  const child = spawn(command, args, { cwd: REPO, stdio: options.quiet ? 'pipe' : 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const status = await new Promise<number | string>((resolve) => child.on('close', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  if (status === 0) return;
  process.stderr.write(Buffer.concat(output));
  throw new Error(`Building the web app failed (exit ${status}).`);
}

/** Vitest's global setup of the browser tests: the built app they are served. */
export default function setup(): Promise<void> {
  return buildWebApp();
}
