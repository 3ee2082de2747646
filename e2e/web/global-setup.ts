import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
function sourcesChangedSince(builtAt: number): boolean {
  const sources = [join(WEB, 'src'), join(WEB, 'public'), join(WEB, 'index.html'), join(WEB, 'vite.config.ts'), join(REPO, 'packages/api/src'), join(REPO, 'config/catalogues.json')];
  return sources.some((source) => existsSync(source) && newest(source) > builtAt);
}

/** Builds apps/web once before the browser tests, unless the existing build is newer than every source. */
export default function setup(): void {
  const index = join(WEB_DIST, 'index.html');
  if (existsSync(index) && !sourcesChangedSince(statSync(index).mtimeMs)) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@molsearch/web'], { cwd: REPO, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`Building the web app failed (exit ${result.status ?? result.signal}).`);
}
