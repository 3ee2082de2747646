#!/usr/bin/env node
// `npm run fuzz`: the adversarial-input suites of e2e/fuzz, longer than in CI (FUZZ_SCALE times as many
// batches, 10 by default) and with a fresh seed each run (or FUZZ_SEED to repeat one). Prints how many
// inputs each suite tried and what became of them; a failing input is printed with the seed that finds it.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const seed = process.env.FUZZ_SEED ?? String(randomInt(1, 2 ** 31 - 1));
const scale = process.env.FUZZ_SCALE ?? '10';
console.log(`molsearch fuzz: seed ${seed}, ${scale}x the CI batches`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'node', 'e2e/fuzz', '--testTimeout', '3600000', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_SCALE: scale, FUZZ_REPORT: '1' },
});
process.exit(result.status ?? 1);
