// Builds an AssemblyScript SIMD kernel of a package and records the SHA-256 of its source beside the
// .wasm, so a test notices a source edit that was not rebuilt. The small .wasm files are committed:
// installs and CI need no AssemblyScript build step.
//
//   node ../../scripts/build-wasm.mjs <source.ts> <target.wasm> [extra asc flags]   (run from the package)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const [sourceArg, targetArg, ...extraFlags] = process.argv.slice(2);
if (!sourceArg || !targetArg) {
  console.error('usage: build-wasm.mjs <source.ts> <target.wasm> [extra asc flags]');
  process.exit(2);
}
const source = resolve(sourceArg);
const target = resolve(targetArg);
const asc = join(dirname(createRequire(import.meta.url).resolve('assemblyscript/package.json')), 'bin', 'asc.js');

execFileSync(
  process.execPath,
  [asc, source, '-o', target, '-O3', '--noAssert', '--runtime', 'stub', '--enable', 'simd', '--initialMemory', '1', ...extraFlags],
  { stdio: 'inherit' },
);
const digest = createHash('sha256').update(readFileSync(source)).digest('hex');
writeFileSync(`${target}.source-sha256`, `${digest}\n`);
console.log(`built ${target} (${readFileSync(target).length} bytes) from source ${digest.slice(0, 12)}`);
