import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PROPERTY_COLUMNS, canonicalSmiles, computeProperties, fingerprintToHex, formatPropertyValue, loadRDKit, morganFingerprint, withMol } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, runCli } from './testing/run-cli.ts';

const here = dirname(fileURLToPath(import.meta.url));
const BIN = CLI_BIN;
const REPO_BIN = join(here, '..', '..', '..', 'node_modules', '.bin', 'molsearch');
const molsearch = runCli;

function fingerprintHex(smiles: string): string {
  return withMol(smiles, (mol) => fingerprintToHex(morganFingerprint(mol))) ?? 'unparsable';
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-cli-'));
  await loadRDKit();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const GOOD = [
  ['CC(=O)Oc1ccccc1C(=O)O', 'aspirin'],
  ['CN1C=NC2=C1C(=O)N(C(=O)N2C)C', 'caffeine'],
  ['c1ccc2c(c1)[nH]c1ccccc12', 'carbazole'],
] as const;

describe.concurrent('molsearch validate', () => {
  it('should print OK and the canonical SMILES', async () => {
    const run = await molsearch(['validate', 'OC(=O)c1ccccc1OC(C)=O'], dir);
    expect(run).toEqual({ code: 0, stdout: `OK\t${canonicalSmiles('OC(=O)c1ccccc1OC(C)=O')}\n`, stderr: '' });
  });

  it("should fail with the spec's message and no stack trace", async () => {
    const [unbalanced, empty] = await Promise.all([molsearch(['validate', 'C1CC'], dir), molsearch(['validate', '  '], dir)]);
    expect(unbalanced).toEqual({ code: 1, stdout: '', stderr: 'molsearch: Invalid SMILES structure\n' });
    expect(empty).toEqual({ code: 1, stdout: '', stderr: 'molsearch: SMILES string cannot be empty\n' });
  });
});

describe.concurrent('molsearch fp', () => {
  it("should write RDKit's fingerprint per good line, report bad lines and a summary", async () => {
    const lines = ['smiles\tid', `${GOOD[0][0]}\t${GOOD[0][1]}`, 'C1CC\tunclosed', '', `${GOOD[1][0]}\t${GOOD[1][1]}`, 'CC(C)(C)(C)C\tpentavalent', GOOD[2][0]];
    const path = join(dir, 'mixed.smi');
    await writeFile(path, `${lines.join('\r\n')}\r\n`);
    const run = await molsearch(['fp', path], dir);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'id\tfingerprint',
      `aspirin\t${fingerprintHex(GOOD[0][0])}`,
      `caffeine\t${fingerprintHex(GOOD[1][0])}`,
      `line-7\t${fingerprintHex(GOOD[2][0])}`,
      '',
    ]);
    expect(run.stderr).toBe('line 3: Invalid SMILES structure\nline 6: Invalid SMILES structure\n3 molecules, 2 skipped\n');
  });

  it('should read a gzipped CSV with quoted fields, and a single SMILES', async () => {
    const csv = ['"Name, common",SMILES,idnumber', `"acetylsalicylic acid, ""aspirin""",${GOOD[0][0]},Z1`, `"bad",,Z2`].join('\n');
    const path = join(dir, 'quoted.csv.gz');
    await writeFile(path, gzipSync(Buffer.from(csv)));
    const [file, single] = await Promise.all([molsearch(['fp', 'quoted.csv.gz'], dir), molsearch(['fp', GOOD[1][0]], dir)]);
    expect(file).toEqual({
      code: 0,
      stdout: `id\tfingerprint\nZ1\t${fingerprintHex(GOOD[0][0])}\n`,
      stderr: 'line 3: no SMILES in column "SMILES"\n1 molecule, 1 skipped\n',
    });
    expect(single).toEqual({ code: 0, stdout: `id\tfingerprint\n${GOOD[1][0]}\t${fingerprintHex(GOOD[1][0])}\n`, stderr: '' });
  });

  it('should stop quietly when the reader of its output goes away', async () => {
    const path = join(dir, 'many.smi');
    await writeFile(path, Array.from({ length: 3000 }, (_, i) => `${'C'.repeat(1 + (i % 30))}O\tm${i}`).join('\n'));
    const child = spawn(process.execPath, [BIN, 'fp', path], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });
});

describe.concurrent('molsearch props', () => {
  it('should write id, SMILES and the property columns computed by the chemistry package', async () => {
    const path = join(dir, 'props.smi');
    await writeFile(path, `${GOOD.map(([smiles, id]) => `${smiles} ${id}`).join('\n')}\nnot_a_smiles x\n`);
    const run = await molsearch(['props', path], dir);
    const expected = GOOD.map(([smiles, id]) => {
      const properties = computeProperties(smiles);
      if (!properties) throw new Error(`no properties for ${smiles}`);
      return [id, smiles, ...PROPERTY_COLUMNS.map((c) => formatPropertyValue(properties, c))].join('\t');
    });
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([['id', 'smiles', ...PROPERTY_COLUMNS.map((c) => c.key)].join('\t'), ...expected, '']);
    expect(run.stderr).toBe('line 4: Invalid SMILES structure\n3 molecules, 1 skipped\n');
  });
});

describe.concurrent('molsearch errors', () => {
  it('should exit 1 with one readable line for a missing, unsupported or corrupt file', async () => {
    const gz = gzipSync(Buffer.from('CCO a\n'.repeat(2000)));
    await writeFile(join(dir, 'cut.smi.gz'), gz.subarray(0, gz.length / 2));
    await writeFile(join(dir, 'notes.docx'), 'x');
    const runs = await Promise.all([molsearch(['fp', 'absent.smi'], dir), molsearch(['fp', 'notes.docx'], dir), molsearch(['fp', 'cut.smi.gz'], dir)]);
    expect(runs.map((r) => r.code)).toEqual([1, 1, 1]);
    expect(runs[0]?.stderr).toBe('molsearch: File not found: absent.smi\n');
    expect(runs[1]?.stderr).toMatch(/^molsearch: Unsupported file type: notes\.docx/);
    expect(runs[2]?.stderr).toMatch(/^molsearch: Cannot read cut\.smi\.gz: /);
    for (const run of runs) expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('should be linked as the workspace bin, so `npx molsearch` works from the repository root', async () => {
    const run = await molsearch(['validate', 'c1ccccc1'], dir, REPO_BIN);
    expect(run).toEqual({ code: 0, stdout: `OK\t${canonicalSmiles('c1ccccc1')}\n`, stderr: '' });
  });
});
