import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SubstructureMatcher, loadRDKit } from '@molsearch/chem';
import { forgetCatalogues, importCatalogue } from '@molsearch/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const CATALOGS = join(import.meta.dirname, '../../../../../shared/data/catalogs');
const QUERY = 'CC(=O)Nc1ccc(O)cc1';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-cli-filters-'));
  await importCatalogue({ files: [join(CATALOGS, 'enamine_real.smi.gz')], id: 'ENAMINE-REAL', dataDir: join(dir, 'data'), workers: 2, limit: 300 });
  await loadRDKit();
});
afterAll(async () => {
  forgetCatalogues();
  await rm(dir, { recursive: true, force: true });
});

function table(stdout: string): Record<string, string>[] {
  const [header, ...lines] = stdout.trimEnd().split('\n');
  const names = header!.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((cell, i) => [names[i]!, cell])));
}

describe('molsearch search with filters', () => {
  it('keeps only hits inside the ranges that pass Lipinski, best first, and says how many molecules pass', async () => {
    const run = await runCli(['search', QUERY, '--db', 'ENAMINE-REAL', '--top', '20', '--mw-max', '380', '--rotatable-bonds-max', '5', '--lipinski', '--data-dir', 'data'], dir);
    expect(run.code).toBe(0);
    const rows = table(run.stdout);
    expect(rows.length).toBe(20);
    for (const row of rows) {
      expect(Number(row.mw)).toBeLessThanOrEqual(380);
      expect(Number(row.rotatable_bonds)).toBeLessThanOrEqual(5);
      expect(Number(row.lipinski_violations)).toBeLessThanOrEqual(1);
    }
    const similarities = rows.map((row) => Number(row.similarity));
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    expect(run.stderr).toMatch(/^ENAMINE-REAL: 20 hits; \d+ molecules pass the property filters\n$/);
  });

  it('keeps only hits containing the substructure', async () => {
    const run = await runCli(['search', QUERY, '--db', 'ENAMINE-REAL', '--top', '10', '--substructure', 'c1ccccc1N', '--data-dir', 'data'], dir);
    expect(run.code).toBe(0);
    const matcher = new SubstructureMatcher('c1ccccc1N');
    try {
      const rows = table(run.stdout);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(matcher.matches(row.smiles!)).toBe(true);
    } finally {
      matcher.close();
    }
    expect(run.stderr).toMatch(/^ENAMINE-REAL: \d+ hits; \d+ of \d+ candidates checked pass the structure checks\n$/);
  });

  it('names a bad bound and a bad substructure', async () => {
    const bound = await runCli(['search', QUERY, '--db', 'ENAMINE-REAL', '--qed-min', 'high', '--data-dir', 'data'], dir);
    expect(bound.code).not.toBe(0);
    expect(bound.stderr).toContain('--qed-min must be a number');
    const smarts = await runCli(['search', QUERY, '--db', 'ENAMINE-REAL', '--substructure', 'C1CC(', '--data-dir', 'data'], dir);
    expect(smarts.code).not.toBe(0);
    expect(smarts.stderr).toContain('neither a valid SMILES nor a valid SMARTS');
  });
});
