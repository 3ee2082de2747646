// better-sqlite3 installs through prebuild-install, which downloads a prebuilt binary or, offline as here, compiles
// SQLite from source (about 75 s of one core). This keeps the binary npm just built where prebuild-install looks
// for a downloaded one (npm's cache, named after the download address: package version, Node ABI, platform), so
// the next install on this machine unpacks it instead of compiling. A new version or Node ABI is another name,
// built once again.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('better-sqlite3/package.json'));
const packageJson = require('better-sqlite3/package.json');
const fromPackage = createRequire(join(packageDir, 'package.json'));
const settings = fromPackage('prebuild-install/rc')(packageJson);
const { cachedPrebuild, getDownloadUrl } = fromPackage('prebuild-install/util');

const cached = cachedPrebuild(getDownloadUrl({ ...settings, pkg: packageJson }));
const binary = join('build', 'Release', 'better_sqlite3.node');
if (!existsSync(cached) && existsSync(join(packageDir, binary))) {
  mkdirSync(dirname(cached), { recursive: true });
  // Written aside and renamed, so an install never finds half an archive.
  const partial = `${cached}.${process.pid}.partial`;
  execFileSync('tar', ['-czf', partial, '-C', packageDir, binary]);
  renameSync(partial, cached);
}
