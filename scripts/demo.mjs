#!/usr/bin/env node
// `npm run demo`: the first of the README's two commands. Installs what is missing, builds the demo
// catalogues once (and again after an upgrade that changes their format), then starts molsearch on them.
// Plain JavaScript: it runs before dependencies exist.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(process.env.MOLSEARCH_DATA_DIR ?? join(root, 'data'));
const nciDemo = '/usr/share/RDKit/Data/NCI/first_5K.smi';
const sharedCatalogues = resolve(root, '..', 'shared', 'data', 'catalogs');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`\nmolsearch demo: '${command} ${args.join(' ')}' failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

// Debian packages: the NCI demo catalogue when no vendor samples sit beside the repository, and Chromium,
// which the second README command (npm test) drives for the browser tests.
const debianPackages = [
  ...(!existsSync(sharedCatalogues) && !existsSync(nciDemo) ? ['rdkit-data'] : []),
  ...(!existsSync('/usr/bin/chromium') ? ['chromium'] : []),
];
if (debianPackages.length > 0) {
  console.log(`Installing Debian packages: ${debianPackages.join(', ')} ...`);
  const asRoot = (args) => (process.getuid?.() === 0 ? run(args[0], args.slice(1)) : run('sudo', args));
  asRoot(['apt-get', 'update', '-q']);
  asRoot(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...debianPackages]);
}

if (!existsSync(join(root, 'node_modules', '.bin', 'tsx'))) {
  console.log('Installing dependencies (npm ci)...');
  // npm 11 may refuse a lock written on another platform (optional native packages); npm install keeps its versions.
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit', cwd: root });
  if (ci.status !== 0) run('npm', ['install', '--no-audit', '--no-fund']);
}

/**
 * The catalogue format this checkout's engine reads. The engine cannot be imported before dependencies
 * exist, so the constant is read from its source; a change of its wording must stop the demo, not make
 * every catalogue look outdated.
 */
function catalogueFormatVersion() {
  const source = join(root, 'packages', 'engine', 'src', 'format', 'catalogue-format.ts');
  const match = /export const CATALOGUE_FORMAT_VERSION = (\d+);/.exec(readFileSync(source, 'utf8'));
  if (!match) {
    console.error(`molsearch demo: no 'export const CATALOGUE_FORMAT_VERSION = <number>;' in ${source}; update scripts/demo.mjs to read it.`);
    process.exit(1);
  }
  return Number(match[1]);
}

/** The format version in a catalogue folder's manifest; undefined when there is none to read. */
function manifestVersion(folder) {
  try {
    return JSON.parse(readFileSync(join(cataloguesDir, folder, 'manifest.json'), 'utf8')).formatVersion;
  } catch {
    return undefined;
  }
}

const cataloguesDir = join(dataDir, 'catalogues');
const formatVersion = catalogueFormatVersion();
// Folders an import works in or sets aside are not catalogues.
const folders = existsSync(cataloguesDir) ? readdirSync(cataloguesDir).filter((name) => !name.includes('.tmp-') && !name.includes('.old-')) : [];
const versions = new Map(folders.map((name) => [name, manifestVersion(name)]));
// The server refuses a catalogue of another format, so after an upgrade the demo's old catalogues count as missing.
const outdated = folders.filter((name) => typeof versions.get(name) === 'number' && versions.get(name) !== formatVersion);
const hasCatalogues = folders.some((name) => versions.get(name) === formatVersion);
const outdatedNote = () => {
  const names = outdated.length > 3 ? `${outdated.slice(0, 3).join(', ')} and ${outdated.length - 3} more` : outdated.join(', ');
  return `${names} (format ${[...new Set(outdated.map((name) => versions.get(name)))].join(', ')}; this molsearch reads format ${formatVersion})`;
};
if (!hasCatalogues) {
  // The vendor samples are large: the first 1,000 rows of each make a quick demo. Debian's NCI sample is the
  // whole built-in demo (4,999 rows), imported in full.
  const limit = process.env.MOLSEARCH_DEMO_LIMIT ?? (existsSync(sharedCatalogues) ? '1000' : '0');
  // An import over an existing id replaces that catalogue, so the outdated folders need no removing first.
  console.log(outdated.length > 0 ? `Rebuilding the demo catalogues in ${cataloguesDir}, built for another format: ${outdatedNote()} ...` : `Building the demo catalogues in ${cataloguesDir} ...`);
  // With the 3D columns, so all three methods (electrostatic is the product's default) answer.
  run('npx', ['tsx', 'scripts/import-demo-catalogues.ts', '--3d', '--data-dir', dataDir, ...(limit === '0' ? [] : ['--limit', limit])]);
} else if (outdated.length > 0) {
  // Beside catalogues of this format, an outdated one may be the user's own, which the demo cannot rebuild.
  console.log(`The server will refuse ${outdatedNote()}: re-import or delete ${outdated.length === 1 ? 'it' : 'them'}.`);
}

// The server serves the web app from apps/web/dist on the same port; build it once when it is missing.
if (!existsSync(join(root, 'apps', 'web', 'dist', 'index.html'))) {
  console.log('Building the web app (apps/web/dist), a few minutes the first time...');
  run('npm', ['run', 'build', '-w', '@molsearch/web']);
}

const port = process.env.PORT ?? '8080';
console.log(`\nStarting molsearch on http://localhost:${port} (Ctrl+C stops it).`);
run('npx', ['molsearch', 'serve', '--port', port, '--data-dir', dataDir]);
