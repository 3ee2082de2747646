// Builds the development/demo catalogues: the vendor samples in ../shared/data/catalogs (see its
// SOURCES.md) under product ids, or, on a machine without ../shared, the NCI sample of Debian's
// rdkit-data as NCI-DEMO. The data itself is never committed; only the index lands in <data-dir>.
//
//   npx tsx scripts/import-demo-catalogues.ts [--limit N] [--data-dir dir] [--workers N] [--only ID,ID] [--3d]
//
// --3d also builds the shape/electrostatic columns; conformer generation makes that about 50 ms of
// CPU a molecule (about 40 molecules/s on 2 cores), so use it with --limit (or --only) on a small machine.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPreparer, importCatalogue } from '@molsearch/engine';
import { ProgressBar, formatCount } from '../apps/cli/src/progress-bar.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const sharedCatalogues = resolve(root, '..', 'shared', 'data', 'catalogs');
const NCI_DEMO = '/usr/share/RDKit/Data/NCI/first_5K.smi';

/** Catalogue id -> file in ../shared/data/catalogs. */
const SHARED_CATALOGUES: Record<string, string> = {
  ZINC15: 'zinc15_d4screen.smi.gz',
  'ZINC15-FRAGMENTS': 'zinc15_fragments_autogrow.smi.gz',
  'ENAMINE-REAL': 'enamine_real.smi.gz',
  'ENAMINE-BB': 'enamine_bb_del.smi.gz',
  'ENAMINE-DSIP': 'enamine_dsip_fragments.smi.gz',
  MOLPORT: 'molport.smi.gz',
  'CHEMSPACE-SCREENING': 'chemspace_screening.smi.gz',
  'CHEMSPACE-BB': 'chemspace_bb.smi.gz',
  'CHEMBRIDGE-CNS': 'chembridge_cns.smi.gz',
  'CHEMBRIDGE-KINASE': 'chembridge_kinase.smi.gz',
  'WUXI-BB': 'wuxi_bb.smi.gz',
};

const { values } = parseArgs({
  options: {
    limit: { type: 'string' },
    'data-dir': { type: 'string' },
    workers: { type: 'string' },
    only: { type: 'string' },
    '3d': { type: 'boolean', default: false },
  },
});
const limit = values.limit === undefined ? undefined : Number(values.limit);
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new Error(`--limit must be a positive whole number, not "${values.limit}"`);
const workers = values.workers === undefined ? 2 : Number(values.workers);
const dataDir = resolve(values['data-dir'] ?? process.env.MOLSEARCH_DATA_DIR ?? join(root, 'data'));

const plan: [string, string][] = existsSync(sharedCatalogues)
  ? Object.entries(SHARED_CATALOGUES).map(([id, file]): [string, string] => [id, join(sharedCatalogues, file)])
  : [['NCI-DEMO', NCI_DEMO]];
const only = values.only?.split(',').map((id) => id.trim());
const chosen = plan.filter(([id]) => !only || only.includes(id));
if (!existsSync(sharedCatalogues) && !existsSync(NCI_DEMO)) {
  console.error(`Neither ${sharedCatalogues} nor ${NCI_DEMO} exists: install Debian's rdkit-data (apt-get install rdkit-data).`);
  process.exit(1);
}

console.log(`Importing ${chosen.length} demo catalogue(s) into ${join(dataDir, 'catalogues')}${limit ? `, first ${formatCount(limit)} rows each` : ''}.`);
// One pool for all catalogues: each worker loads RDKit once.
const preparer = createPreparer(workers);
for (const [id, file] of chosen) {
  const bar = new ProgressBar({ label: `Importing ${id}`, unit: 'molecules' });
  let skipped = 0;
  const summary = await importCatalogue({
    files: [file],
    id,
    dataDir,
    workers,
    preparer,
    limit,
    shape: values['3d'],
    // Running the demo again after a kill continues each interrupted import instead of starting over.
    resume: true,
    onProgress: (progress) => bar.update(progress.molecules, progress.fraction),
    onSkipped: () => {
      skipped++;
    },
  });
  bar.finish(
    `${id}: ${formatCount(summary.count)} molecules (${formatCount(skipped)} rows skipped), ` +
      `${summary.moleculesPerSecond.toFixed(0)} molecules/s, ${summary.bytesPerMolecule} bytes/molecule`,
  );
}
await preparer.close();
