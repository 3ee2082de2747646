// `npm run bench -- prepare-ab --against DIR [--rows N] [--warmup W] [--batch B]`: the import's prepare step with 3D
// (standardise, fingerprint, properties, conformers K=3, charges, model) of this checkout against the one in DIR (another
// checkout of the repository with its dependencies installed), in one process on one thread, batch by batch in
// turn (which goes first alternates), so both see the same machine at the same moments. On a shared machine
// whose speed drifts by a tenth or more between runs, this settles differences of a few percent that separate runs
// cannot. Prints each side's CPU ms per row and the per-batch ratio this / DIR (median, mean, quartiles).
// Against a second checkout of the same commit the median ratio came out 0.98 and the mean 1.00: differences
// within about 2 % are noise. Chemspace rows in file order, after W untimed rows that let both copies compile.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOGUE_SHAPE, prepareMolecules } from '@molsearch/engine/bench';
import type { InputMolecule } from '@molsearch/engine/bench';
import { chemspaceLines, cpuMs } from './lib/pipeline-stages.ts';
import { wholeNumberOption } from './lib/whole-number-option.ts';

type Prepare = typeof prepareMolecules;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function run(args: string[]): Promise<void> {
  const against = args.indexOf('--against') >= 0 ? args[args.indexOf('--against') + 1] : undefined;
  if (!against) throw new Error('--against needs the directory of another checkout, with its dependencies installed');
  const rows = wholeNumberOption(args, '--rows', 10_000);
  const warmup = wholeNumberOption(args, '--warmup', 3000);
  const batchSize = wholeNumberOption(args, '--batch', 200);
  const other = (await import(pathToFileURL(join(resolve(against), 'packages', 'engine', 'src', 'bench.ts')).href)) as { prepareMolecules: Prepare };
  const sides: { name: string; prepare: Prepare; ms: number[] }[] = [
    { name: 'this checkout', prepare: prepareMolecules, ms: [] },
    { name: against, prepare: other.prepareMolecules, ms: [] },
  ];
  const molecules: InputMolecule[] = chemspaceLines().slice(0, warmup + rows).map((smiles, i) => ({ line: i + 1, smiles, id: `AB-${i + 1}` }));
  for (let start = 0, k = 0; start < molecules.length; start += batchSize, k++) {
    const batch = molecules.slice(start, start + batchSize);
    for (const side of k % 2 ? [...sides].reverse() : sides) {
      const before = cpuMs();
      await side.prepare({ molecules: batch, shape: CATALOGUE_SHAPE });
      if (start >= warmup) side.ms.push((cpuMs() - before) / batch.length);
    }
  }
  const [mine, theirs] = sides as [typeof sides[0], typeof sides[0]];
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const ratios = mine.ms.map((ms, i) => ms / theirs.ms[i]!).sort((a, b) => a - b);
  console.log(`prepare step with 3D (K=3), chemspace_screening rows ${warmup + 1}-${molecules.length} after ${warmup} untimed, ` +
    `${ratios.length} batches of ${batchSize} each side, one thread, CPU of the whole process:`);
  for (const side of sides) console.log(`  ${side.name}: ${mean(side.ms).toFixed(3)} ms CPU/row`);
  console.log(`  this / ${against}, per batch: median ${quantile(ratios, 0.5).toFixed(3)}, mean ${mean(ratios).toFixed(3)}, ` +
    `quartiles ${quantile(ratios, 0.25).toFixed(3)}-${quantile(ratios, 0.75).toFixed(3)}`);
}
