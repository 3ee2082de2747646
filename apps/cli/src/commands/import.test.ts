import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadRDKit, morganFingerprint, smilesSize, standardizeSmiles, withMol } from '@molsearch/chem';
import { forgetCatalogues, openCatalogue } from '@molsearch/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const MOLPORT = join(import.meta.dirname, '../../../../../shared/data/catalogs/molport.smi.gz');

let dir: string;
/** The first real MolPort rows, `SMILES<TAB>id`. */
let rows: [string, string][];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-cli-import-'));
  rows = gunzipSync(await readFile(MOLPORT))
    .toString()
    .split('\n')
    .slice(0, 40)
    .map((line) => line.split('\t') as [string, string]);
  await loadRDKit();
});
afterAll(async () => {
  forgetCatalogues();
  await rm(dir, { recursive: true, force: true });
});

describe('molsearch import', () => {
  it('builds a catalogue whose rows are the standardised molecules with their fingerprints, and reports bad rows by line', async () => {
    const lines = [...rows.slice(0, 20).map(([smiles, id]) => `${smiles}\t${id}`), 'C1CC\tunclosed', `${'C'.repeat(400)}\ttoo-big`, `${rows[0]![0]}\t${rows[0]![1]}`];
    await writeFile(join(dir, 'vendor.smi'), `${lines.join('\n')}\n`);
    const run = await runCli(['import', 'vendor.smi', '--db', 'VENDOR', '--data-dir', 'data'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('vendor.smi line 21: invalid SMILES "C1CC"');
    expect(run.stderr).toContain('vendor.smi line 22: Molecule is too large or too complex to process: 400 heavy atoms (at most 350)');
    expect(run.stderr).toContain('vendor.smi line 23: duplicate id: kept the first row with this id');
    expect(run.stderr).toMatch(/VENDOR: 20 molecules from 23 rows, 3 skipped \(1 duplicate ids\)/);
    expect(run.stderr).not.toMatch(/\n\s+at /);

    const catalogue = await openCatalogue(join(dir, 'data'), 'VENDOR');
    expect(catalogue.count).toBe(20);
    const byId = new Map(Array.from({ length: catalogue.count }, (_, row) => [catalogue.compoundId(row), row]));
    for (const [smiles, id] of rows.slice(0, 20)) {
      const row = byId.get(id)!;
      const standard = standardizeSmiles(smiles)!.smiles;
      expect(catalogue.smiles(row)).toBe(standard);
      expect(catalogue.fingerprint(row)).toEqual(withMol(standard, morganFingerprint));
    }

    const listed = await runCli(['catalogues', '--data-dir', 'data'], dir);
    const vendorLine = listed.stdout.split('\n').find((line) => line.startsWith('VENDOR\t'));
    expect(vendorLine?.split('\t')[4]).toBe('20');
  });

  it('imports only the first rows with --limit, and skips larger molecules with --max-heavy-atoms', async () => {
    await writeFile(join(dir, 'small.smi'), `${rows.map(([smiles, id]) => `${smiles}\t${id}`).join('\n')}\n`);
    const limited = await runCli(['import', 'small.smi', '--db', 'LIMITED', '--limit', '5', '--data-dir', 'data'], dir);
    expect(limited.code).toBe(0);
    expect((await openCatalogue(join(dir, 'data'), 'LIMITED')).count).toBe(5);

    const capped = await runCli(['import', 'small.smi', '--db', 'CAPPED', '--max-heavy-atoms', '12', '--data-dir', 'data'], dir);
    expect(capped.code).toBe(0);
    const catalogue = await openCatalogue(join(dir, 'data'), 'CAPPED');
    // The limit applies to the row as written, salts included, before standardisation.
    const small = rows.filter(([smiles]) => smilesSize(smiles).heavyAtoms <= 12);
    expect(small.length).toBeGreaterThan(5);
    expect(small.length).toBeLessThan(rows.length);
    expect(catalogue.count).toBe(small.length);
    expect(capped.stderr).toMatch(/heavy atoms \(at most 12\)/);
  });

  it('fails with one readable line for a missing --db, a missing file or a file with no molecule', async () => {
    await writeFile(join(dir, 'junk.smi'), 'not_a_molecule a\nC1CC b\n');
    const [noDb, noFile, junk] = await Promise.all([
      runCli(['import', 'small.smi', '--data-dir', 'data'], dir),
      runCli(['import', 'absent.smi', '--db', 'X', '--data-dir', 'data'], dir),
      runCli(['import', 'junk.smi', '--db', 'JUNK', '--data-dir', 'data'], dir),
    ]);
    expect(noDb.code).toBe(2);
    expect(noDb.stderr).toContain('import needs --db <DB-ID>');
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toContain('File not found');
    expect(junk.code).toBe(1);
    expect(junk.stderr).toContain('No molecule of');
    for (const run of [noDb, noFile, junk]) expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('imports a catalogue in parts with --shard k/N, which read together as the catalogue imported whole', async () => {
    await writeFile(join(dir, 'parts.smi'), `${rows.slice(0, 30).map(([smiles, id]) => `${smiles}\t${id}`).join('\n')}\n`);
    for (const part of ['1/2', '2/2']) {
      const run = await runCli(['import', 'parts.smi', '--db', 'PARTED', '--shard', part, '--data-dir', 'data'], dir);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(`PARTED: part ${part.replace('/', ' of ')}, in `);
    }
    const catalogue = await openCatalogue(join(dir, 'data'), 'PARTED');
    expect(catalogue.parts).toHaveLength(2);
    expect(new Set(Array.from({ length: catalogue.count }, (_, row) => catalogue.compoundId(row)))).toEqual(new Set(rows.slice(0, 30).map(([, id]) => id)));
    const bad = await runCli(['import', 'parts.smi', '--db', 'PARTED', '--shard', '3/2', '--data-dir', 'data'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--shard: "3/2" is not a part: write k/N');
  });
});
