// Child process of the first-search benchmark: a server's start in miniature. Opens one catalogue (its row
// columns and 3D models read and checked); builds the query once, so that loading the chemistry and starting the
// conformer workers are counted apart from the catalogue's first use; readies the catalogue for search when asked
// (as `molsearch serve` does in the background once it listens), and warms the search workers after it when asked
// (as the server does next); then runs one search as the server runs it and the same search again, and prints the
// seconds each step took.
// Usage: first-search-probe.ts <data-dir> <catalogue-id> <method> <quality> <start: at-once|readied|warmed> <query smiles>
import { closeSearchPool, openCatalogue, prepareQuery, readyForSearch, search, warmUpSearch } from '@molsearch/engine';
import type { SearchMethod, SearchQuality } from '@molsearch/engine';

const [dataDir, id, method, quality, start, smiles] = process.argv.slice(2) as [string, string, SearchMethod, SearchQuality, string, string];
const seconds = async (step: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await step();
  return (performance.now() - started) / 1000;
};
const searchOnce = () => search({ smiles, method, quality, databases: [id], limit: 30 }, { dataDir, threads: 2 });
try {
  let catalogue: Awaited<ReturnType<typeof openCatalogue>> | undefined;
  const open = await seconds(async () => (catalogue = await openCatalogue(dataDir, id)));
  const chemistry = await seconds(() => prepareQuery(smiles, method, [catalogue!.manifest.shape]));
  const readying = start !== 'at-once' ? await seconds(() => readyForSearch(catalogue!)) : undefined;
  const warming = start === 'warmed' ? await seconds(() => warmUpSearch([catalogue!], 2)) : undefined;
  const first = await seconds(searchOnce);
  const again = await seconds(searchOnce);
  process.stdout.write(`${JSON.stringify({ chemistry, open, readying, warming, first, again })}\n`);
} finally {
  await closeSearchPool();
}
