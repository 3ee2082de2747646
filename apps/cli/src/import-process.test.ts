import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_V8_FLAGS, importRelaunch } from './import-process.ts';
import { CLI_BIN, runCli } from './testing/run-cli.ts';

const MOLPORT = join(import.meta.dirname, '../../../../shared/data/catalogs/molport.smi.gz');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-cli-relaunch-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an import in a process of its own', () => {
  it('is started again with the V8 settings of imports, and only an import', () => {
    expect(importRelaunch(['import', 'a.smi', '--db', 'A'], [])).toEqual([...IMPORT_V8_FLAGS]);
    expect(importRelaunch(['--data-dir', 'import', 'import', 'a.smi'], ['--inspect'])).toEqual([...IMPORT_V8_FLAGS, '--inspect']);
    expect(importRelaunch(['--data-dir=x', '-h', 'import'], [IMPORT_V8_FLAGS[0]!])).toEqual([...IMPORT_V8_FLAGS.slice(1), IMPORT_V8_FLAGS[0]]);
    expect(importRelaunch(['import', 'a.smi'], [...IMPORT_V8_FLAGS])).toBeUndefined();
    expect(importRelaunch(['--data-dir', 'import', 'search', 'import'], [])).toBeUndefined();
    expect(importRelaunch(['serve'], [])).toBeUndefined();
    expect(importRelaunch([], [])).toBeUndefined();
  });

  it('passes a signal on, leaves its work for --resume, and says how it ended', async () => {
    const rows = gunzipSync(await readFile(MOLPORT)).toString().split('\n').slice(0, 5000);
    await writeFile(join(dir, 'molport.smi'), `${rows.join('\n')}\n`);
    const args = ['import', 'molport.smi', '--db', 'MOLPORT', '--3d', '--data-dir', 'data'];
    const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // Once molecules are in, the import has finished batches to keep; 5,000 rows leave it far from done.
      if (/[1-9][\d,]* molecules/.test(stderr)) child.kill('SIGTERM');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(128 + 15);
    const folders = await readdir(join(dir, 'data', 'catalogues'));
    expect(folders.filter((name) => name.startsWith('MOLPORT.tmp-'))).toHaveLength(1);
    const resumed = await runCli([...args, '--resume'], dir);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/MOLPORT: continued an interrupted import after its first [\d,]+ rows/);
    expect(resumed.stderr).toMatch(/MOLPORT: 5,000 molecules from 5,000 rows/);
  }, 120_000);
});
