import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeModel, loadRDKit, morganFingerprint, score, standardizeSmiles, tanimoto, withMol } from '@molsearch/chem';
import { forgetCatalogues, importCatalogue, openCatalogue, shapeQuery } from '@molsearch/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const CATALOGS = join(import.meta.dirname, '../../../../../shared/data/catalogs');
const QUERY = 'CC(=O)Nc1ccc(O)cc1';

let dir: string;
let dataDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-cli-search-'));
  dataDir = join(dir, 'data');
  // Real vendor rows; MOLPORT with the 3D columns for the shape and electrostatic methods.
  await importCatalogue({ files: [join(CATALOGS, 'enamine_real.smi.gz')], id: 'ENAMINE-REAL', dataDir, workers: 2, limit: 200 });
  await importCatalogue({ files: [join(CATALOGS, 'molport.smi.gz')], id: 'MOLPORT', dataDir, workers: 2, limit: 60, shape: true });
  await loadRDKit();
});
afterAll(async () => {
  forgetCatalogues();
  await rm(dir, { recursive: true, force: true });
});

function table(stdout: string, separator: string): Record<string, string>[] {
  const [header, ...lines] = stdout.trimEnd().split('\n');
  const names = header!.split(separator);
  return lines.map((line) => Object.fromEntries(line.split(separator).map((cell, i) => [names[i]!, cell])));
}

describe('molsearch search', () => {
  it("gives each database's exact Morgan top hits, best first, with the catalogue's SMILES and ids", async () => {
    const run = await runCli(['search', QUERY, '--db', 'ENAMINE-REAL,MOLPORT', '--top', '7', '--data-dir', 'data'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const rows = table(run.stdout, '\t');
    const query = withMol(standardizeSmiles(QUERY)!.smiles, morganFingerprint)!;
    for (const database of ['ENAMINE-REAL', 'MOLPORT']) {
      const hits = rows.filter((row) => row.database === database);
      expect(hits.map((row) => row.rank)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
      const catalogue = await openCatalogue(dataDir, database);
      const exact = Array.from({ length: catalogue.count }, (_, row) => tanimoto(query, catalogue.fingerprint(row))).sort((a, b) => b - a);
      expect(hits.map((row) => Number(row.similarity))).toEqual(exact.slice(0, 7).map((s) => Number(s.toFixed(4))));
      const byId = new Map(Array.from({ length: catalogue.count }, (_, row) => [catalogue.compoundId(row), row]));
      for (const hit of hits) {
        const row = byId.get(hit.id!)!;
        expect(hit.smiles).toBe(catalogue.smiles(row));
        expect(Number(hit.similarity)).toBeCloseTo(tanimoto(query, catalogue.fingerprint(row)), 4);
        // All three scores: the Morgan one is the similarity; the 3D ones where the catalogue has 3D models.
        expect(hit.morgan).toBe(hit.similarity);
        if (database === 'MOLPORT') for (const score of [hit.shape, hit.electrostatic]) expect(Number(score)).toBeGreaterThan(0);
        else expect([hit.shape, hit.electrostatic]).toEqual(['', '']);
      }
    }
  });

  it('applies --threshold and writes the same columns as CSV', async () => {
    const run = await runCli(['search', QUERY, '--db', 'ENAMINE-REAL', '--top', '50', '--threshold', '0.15', '--format', 'csv', '--data-dir', 'data'], dir);
    expect(run.code).toBe(0);
    const rows = table(run.stdout, ',');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number(row.similarity)).toBeGreaterThanOrEqual(0.15);
    expect(run.stdout.split('\n')[0]).toMatch(/^rank,database,id,smiles,similarity,/);
  });

  it('writes the 3D hits as SD records aligned on the query, whose pose reproduces the reported shape score', async () => {
    const run = await runCli(['search', QUERY, '--db', 'MOLPORT', '--method', 'espsim_shape', '--top', '3', '--format', 'sdf', '--data-dir', 'data'], dir);
    expect(run.code).toBe(0);
    const records = run.stdout.split('$$$$\n').filter((record) => record.trim().length > 0);
    expect(records.length).toBe(3);
    const catalogue = await openCatalogue(dataDir, 'MOLPORT');
    const byId = new Map(Array.from({ length: catalogue.count }, (_, row) => [catalogue.compoundId(row), row]));
    const query = await shapeQuery(QUERY);
    for (const record of records) {
      const id = record.split('\n')[0]!;
      const similarity = Number(/^> *<similarity>\n([^\n]+)/m.exec(record)![1]);
      // RDKit reads each record as the catalogue's molecule.
      expect(withMol(record, (mol) => mol.get_num_atoms(true))).toBeGreaterThan(0);
      const model = decodeModel(catalogue.shape!.model(byId.get(id)!));
      expect(score(query.model, model, 'espsim_shape').similarity).toBeCloseTo(similarity, 3);
      expect(Number(/^> *<shape>\n([^\n]+)/m.exec(record)![1])).toBe(similarity);
      expect(Number(/^> *<morgan>\n([^\n]+)/m.exec(record)![1])).toBeGreaterThan(0);
    }
  });

  it("fails with the product's message for a bad query, an unknown database or a 3D method on a 2D catalogue", async () => {
    const [bad, unknown, no3d] = await Promise.all([
      runCli(['search', 'C1CC', '--db', 'MOLPORT', '--data-dir', 'data'], dir),
      runCli(['search', QUERY, '--db', 'NOPE', '--data-dir', 'data'], dir),
      runCli(['search', QUERY, '--db', 'ENAMINE-REAL', '--method', 'espsim_shape', '--data-dir', 'data'], dir),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Invalid SMILES structure');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/NOPE/);
    expect(no3d.code).toBe(1);
    expect(no3d.stderr).toContain('re-import it with 3D columns');
    for (const run of [bad, unknown, no3d]) expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
