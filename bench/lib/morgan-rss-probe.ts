// Child process of the scale benchmark: opens one Morgan-only catalogue, runs one Morgan search as a server
// would (two scan threads) and prints its resident set in bytes, so the parent can compare catalogues of
// two sizes. Usage: morgan-rss-probe.ts <data-dir> <catalogue-id> <query smiles>
import { closeSearchPool, openCatalogue, search } from '@molsearch/engine';

const [dataDir, id, smiles] = process.argv.slice(2) as [string, string, string];
const catalogue = await openCatalogue(dataDir, id);
try {
  await search({ smiles, method: 'morgan', quality: 'fast', databases: [id], limit: 30 }, { dataDir, threads: 2 });
  globalThis.gc?.();
  process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss, count: catalogue.count })}\n`);
} finally {
  await closeSearchPool();
}
