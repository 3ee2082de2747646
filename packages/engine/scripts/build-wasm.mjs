// Builds the WebAssembly SIMD Morgan kernel from assembly/tanimoto-simd.ts into src/kernels/ and
// records the SHA-256 of the source it was built from, so a test notices an edit that was not rebuilt.
// The .wasm (about 0.5 KB) is committed: installs and CI need no AssemblyScript build step.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(packageDir, 'assembly', 'tanimoto-simd.ts');
const target = join(packageDir, 'src', 'kernels', 'tanimoto-simd.wasm');
const asc = join(dirname(createRequire(import.meta.url).resolve('assemblyscript/package.json')), 'bin', 'asc.js');

execFileSync(
  process.execPath,
  [asc, source, '-o', target, '-O3', '--noAssert', '--runtime', 'stub', '--enable', 'simd', '--enable', 'threads',
    '--importMemory', '--sharedMemory', '--initialMemory', '1', '--maximumMemory', '65536', '--noExportMemory'],
  { stdio: 'inherit' },
);
const digest = createHash('sha256').update(readFileSync(source)).digest('hex');
writeFileSync(`${target}.source-sha256`, `${digest}\n`);
console.log(`built ${target} (${readFileSync(target).length} bytes) from source ${digest.slice(0, 12)}`);
