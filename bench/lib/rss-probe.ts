// Child process of the scale benchmark: opens one catalogue, runs one shape and one electrostatic search as a
// server would (two threads) and then one Morgan search, and prints its resident set in bytes after the 3D
// searches and after the Morgan one, so the parent can compare catalogues of two sizes.
// Usage: rss-probe.ts <data-dir> <catalogue-id> <query smiles>
import { readFileSync } from 'node:fs';
import { closeSearchPool, openCatalogue, search, shapeQuery } from '@molsearch/engine';
import { LEGACY_CHARGE_MODEL, createGridPool, createRescorePool, shapeSearch } from '@molsearch/engine/bench';

const [dataDir, id, smiles] = process.argv.slice(2) as [string, string, string];
const catalogue = await openCatalogue(dataDir, id);
const query = await shapeQuery(smiles, undefined, LEGACY_CHARGE_MODEL);
const pool = createRescorePool(2);
const gridPool = createGridPool(2);
/** The resident set, and its part that is mapped file pages (the index graph), which the kernel may drop: /proc/self/status. */
const settled = (): { rss: number; file: number } => {
  globalThis.gc?.();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: process.memoryUsage().rss, file: kib('RssFile') };
};
try {
  for (const method of ['espsim_shape', 'espsim_electrostatic'] as const) {
    await shapeSearch(catalogue, query, { method, quality: 'fast', limit: 30, threshold: 0, pool, gridPool });
  }
  const shape = settled();
  await search({ smiles, method: 'morgan', quality: 'fast', databases: [id], limit: 30 }, { dataDir, threads: 2 });
  const morgan = settled();
  process.stdout.write(`${JSON.stringify({ rss: shape.rss, rssFile: shape.file, rssWithMorgan: morgan.rss, count: catalogue.count })}\n`);
} finally {
  await pool.close();
  await gridPool.close();
  await closeSearchPool();
}
