// `npm run bench -- chem-memory [--molecules N]`: resident memory while parsing, fingerprinting and
// computing all properties of N molecules (default 100,000), cycling a real catalogue sample. Every RDKit
// object is freed; a leak shows as steady RSS growth (about 20 KB per molecule when mols are not deleted).
import { loadRDKit, moleculeProperties, morganFingerprint, withMol } from '@molsearch/chem';
import { catalogueMolecules } from './lib/catalogue-molecules.ts';

const REPORT_EVERY = 10_000;
const MB = 1024 * 1024;

export async function run(args: string[]): Promise<void> {
  const index = args.indexOf('--molecules');
  const total = index >= 0 ? Number(args[index + 1]) : 100_000;
  if (!Number.isInteger(total) || total <= 0) throw new Error('--molecules needs a positive whole number');
  await loadRDKit();
  const { smiles, source } = catalogueMolecules(5000);
  console.log(`${total} molecules cycling ${smiles.length} from ${source}`);
  console.log('molecules      RSS MB   JS heap MB   growth since first report MB');

  let first: number | undefined;
  let last = 0;
  const started = performance.now();
  for (let i = 1; i <= total; i++) {
    withMol(smiles[i % smiles.length] ?? 'C', (mol) => {
      morganFingerprint(mol);
      return moleculeProperties(mol);
    });
    if (i % REPORT_EVERY === 0 || i === total) {
      const { rss, heapUsed } = process.memoryUsage();
      first ??= rss;
      last = rss;
      console.log(`${String(i).padStart(9)}  ${(rss / MB).toFixed(1).padStart(9)}  ${(heapUsed / MB).toFixed(1).padStart(11)}  ${((rss - first) / MB).toFixed(1).padStart(12)}`);
    }
  }
  const perMolecule = first === undefined ? 0 : (last - first) / Math.max(1, total - REPORT_EVERY);
  console.log(`\nRSS growth after the first ${REPORT_EVERY}: ${((last - (first ?? last)) / MB).toFixed(1)} MB, ${perMolecule.toFixed(1)} bytes per molecule; ${((performance.now() - started) / 1000).toFixed(0)} s wall`);
}
