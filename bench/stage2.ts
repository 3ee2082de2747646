// `npm run bench -- stage2 [--data-dir DIR] [--catalogue ID] [--queries N] [--candidates N] [--methods espsim_shape,...] [--passes N] [--against DIR]`
//
// What the 3D stage 2 spends on each candidate it re-scores exactly: the candidate's model decoded, its conformers
// framed, its start grids built, the alignment search and the score, on one thread (a re-scoring worker's loop,
// engine shape/rescore-models.ts). The candidates are each query's fast stage-1 candidates (the first --queries
// drugs of set A, their 3D queries built as searches build them), scored in passes; CPU time of the process a
// candidate, median and range of the passes. With --against DIR (another checkout of the repository with its
// dependencies installed), this checkout's scoring against that one's in one process, passes alternating which goes
// first, and the scores of both compared bit for bit.
// Default catalogue: CHEMSPACE-100K as `npm run bench -- scale` builds it (run that first), or any 3D catalogue.
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Model3D, ScoreMethod } from '@molsearch/chem';
import { CURRENT_CHARGE_MODEL, openCatalogue, shapeQuery } from '@molsearch/engine';
import { catalogueElectrostaticForm, packBytes, scoreModels, stage1Candidates } from '@molsearch/engine/bench';
import { scaleCatalogues } from './scale.ts';
import { drugQueries } from './lib/drug-queries.ts';
import { median, spread } from './lib/statistics.ts';

type ScoreModels = typeof scoreModels;

interface Job {
  query: Model3D;
  models: Uint8Array;
  offsets: Uint32Array;
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string', default: scaleCatalogues() },
      catalogue: { type: 'string', default: 'CHEMSPACE-100K' },
      queries: { type: 'string', default: '5' },
      candidates: { type: 'string', default: '3000' },
      methods: { type: 'string', default: 'espsim_shape,espsim_electrostatic' },
      passes: { type: 'string', default: '7' },
      against: { type: 'string' },
    },
  });
  const catalogue = await openCatalogue(values['data-dir'], values.catalogue);
  const shape = catalogue.shape;
  if (!shape) throw new Error(`${values.catalogue} has no 3D columns: import it with --3d.`);
  const form = catalogueElectrostaticForm(catalogue);
  const other = values.against ? ((await import(pathToFileURL(join(resolve(values.against), 'packages', 'engine', 'src', 'bench.ts')).href)) as { scoreModels: ScoreModels }).scoreModels : undefined;
  const queries = await Promise.all(drugQueries(20).slice(0, Number(values.queries)).map(async (smiles) => (await shapeQuery(smiles, undefined, CURRENT_CHARGE_MODEL)).model));
  const passes = Number(values.passes);
  for (const method of values.methods.split(',') as ScoreMethod[]) {
    const jobs: Job[] = [];
    for (const query of queries) {
      const rows = await stage1Candidates(catalogue, query, method, 'fast', Number(values.candidates));
      jobs.push({ query, ...packModels(Array.from(rows, (row) => shape.model(row))) });
    }
    const candidates = jobs.reduce((sum, job) => sum + job.offsets.length - 1, 0);
    const sides: { score: ScoreModels; times: number[]; digest: string }[] = [{ score: scoreModels, times: [], digest: '' }];
    if (other) sides.push({ score: other, times: [], digest: '' });
    // One untimed pass each first: it compiles the scorer and fills the digest of the scores.
    for (let pass = -1; pass < passes; pass++) {
      for (const s of pass % 2 ? sides.map((_, i) => i) : sides.map((_, i) => i).reverse()) {
        const side = sides[s]!;
        const hash = createHash('sha256');
        const started = process.cpuUsage().user;
        jobs.forEach((job, i) => {
          const { similarities } = side.score({ kind: 'score', query: job.query, queryKey: `${method}-${i}`, method, form, models: job.models, offsets: job.offsets });
          if (pass < 0) hash.update(new Uint8Array(similarities.buffer));
        });
        if (pass < 0) side.digest = hash.digest('hex');
        else side.times.push((process.cpuUsage().user - started) / candidates);
      }
    }
    const [mine, theirs] = sides;
    console.log(`${method}: ${candidates.toLocaleString()} fast stage-1 candidates of ${jobs.length === 1 ? 'one query' : `${jobs.length} queries`} in ${values.catalogue}, one thread, CPU a candidate: ${spread(mine!.times)} µs`);
    if (theirs) {
      const ratios = mine!.times.map((time, i) => time / theirs.times[i]!);
      console.log(
        `  against ${values.against}: ${spread(theirs.times)} µs, ratio of each pass ${spread(ratios, 2)} (median of ratios ${median(ratios).toFixed(3)}); ` +
          `scores ${mine!.digest === theirs.digest ? 'identical bit for bit' : 'DIFFERENT'}`,
      );
    }
  }
}

function packModels(models: Uint8Array[]): { models: Uint8Array; offsets: Uint32Array } {
  const { bytes, offsets } = packBytes(models);
  return { models: bytes, offsets };
}
