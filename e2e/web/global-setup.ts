import { spawnSync } from 'node:child_process';
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

/** Builds apps/web once before the browser tests, unless the existing build is newer than every source. */
export default function setup(): void {
  const index = join(WEB_DIST, 'index.html');
  if (existsSync(index) && !sourcesChangedSince(statSync(index).mtimeMs)) return;
  // Several test runs may start at once on one checkout: one builds, the others wait and reuse its build.
  const build = `[ -f ${JSON.stringify(index)} ] && [ -z "$(find ${SOURCES.map((source) => JSON.stringify(source)).join(' ')} -newer ${JSON.stringify(index)} -print -quit 2>/dev/null)" ] || npm run build -w @molsearch/web`;
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle and no service worker.
  const options = { cwd: REPO, stdio: 'inherit' as const, env: { ...process.env, NODE_ENV: 'production' } };
  const result = existsSync('/usr/bin/flock')
    ? spawnSync('flock', [join(tmpdir(), 'molsearch-web-build.lock'), 'sh', '-c', build], options)
    : spawnSync('npm', ['run', 'build', '-w', '@molsearch/web'], options);
  if (result.status !== 0) throw new Error(`Building the web app failed (exit ${result.status ?? result.signal}).`);
}
