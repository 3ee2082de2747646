// `npm run bench -- first-search --catalogue ID [--data-dir DIR] [--method espsim_shape] [--quality fast]
//                                 [--runs 2] [--smiles SMILES]`
//
// The first search after a server starts, on a catalogue already built (the scale benchmark's, by default
// those it imports walked as a graph): each run starts three new processes in turn, one searching the catalogue
// as soon as it is opened, one after readying it for search as `molsearch serve` does at start
// (search/ready-for-search.ts) and one after readying it and warming the search workers as the server does next
// (search/warm-up.ts), and empties the page cache before each, so the files are read from the disk as
// after a machine's start. Emptying the page cache needs root; without it the benchmark says so and the figures
// are those of files the kernel may still hold. Printed per run and as medians with their range: opening the
// catalogue, building the query once (the chemistry loaded, the conformer workers started: what any first search
// of a process pays), readying the catalogue, warming the workers, its first search and the same search again in
// the process.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { drugQueries } from './lib/drug-queries.ts';
import { spread } from './lib/statistics.ts';

interface Probe {
  open: number;
  chemistry: number;
  readying?: number;
  warming?: number;
  first: number;
  again: number;
}

const MODES = [
  { name: 'searched at once', start: 'at-once' },
  { name: 'readied first', start: 'readied' },
  { name: 'readied and warmed first', start: 'warmed' },
] as const;

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      catalogue: { type: 'string' },
      'data-dir': { type: 'string', default: join(process.env.MOLSEARCH_DATA_DIR ?? 'data', 'bench', 'scale', 'mmff94-ph7.4', 'data-walked') },
      method: { type: 'string', default: 'espsim_shape' },
      quality: { type: 'string', default: 'fast' },
      runs: { type: 'string', default: '2' },
      smiles: { type: 'string' },
    },
  });
  if (!values.catalogue) throw new Error('--catalogue ID is required: a catalogue under --data-dir, e.g. REPLICATED-1000000 built by `npm run bench -- scale`.');
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs}: expected a whole number of 1 or more`);
  // By default the scale benchmark's first query of set A, which its resident-set figures search with too.
  const smiles = values.smiles ?? drugQueries(20)[0]!;
  const emptied = emptyPageCache();
  console.log(
    `first search of ${values.catalogue} (${values['data-dir']}), ${values.method} at ${values.quality}, query ${smiles}; ` +
      `${emptied ? 'page cache emptied before each process' : 'page cache NOT emptied (needs root): the files may be read from memory'}`,
  );
  const probes = new Map<string, Probe[]>(MODES.map((mode) => [mode.name, []]));
  for (let run = 1; run <= runs; run++) {
    for (const mode of MODES) {
      emptyPageCache();
      const probe = JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', new URL('./lib/first-search-probe.ts', import.meta.url).pathname, values['data-dir'], values.catalogue, values.method, values.quality, mode.start, smiles], { encoding: 'utf8' })
          .trim()
          .split('\n')
          .pop()!,
      ) as Probe;
      probes.get(mode.name)!.push(probe);
      console.log(`run ${run}, ${mode.name}: ${describe(probe)}`);
    }
  }
  for (const [name, list] of probes) {
    const summary = (pick: (probe: Probe) => number | undefined) => `${spread(list.map(pick).filter((value): value is number => value !== undefined), 2)} s`;
    console.log(
      `${name}, medians [range] of ${list.length}: opening ${summary((p) => p.open)}, query built ${summary((p) => p.chemistry)}` +
        `${list[0]!.readying !== undefined ? `, readying ${summary((p) => p.readying)}` : ''}` +
        `${list[0]!.warming !== undefined ? `, warming ${summary((p) => p.warming)}` : ''}, first search ${summary((p) => p.first)}, again ${summary((p) => p.again)}`,
    );
  }
}

/** Writes the kernel's dirty pages and drops its clean ones; false where that is not allowed. */
function emptyPageCache(): boolean {
  try {
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '1');
    return true;
  } catch {
    return false;
  }
}

function describe(probe: Probe): string {
  const steps = [`opening ${seconds(probe.open)}`, `query built ${seconds(probe.chemistry)}`, ...(probe.readying !== undefined ? [`readying ${seconds(probe.readying)}`] : []), ...(probe.warming !== undefined ? [`warming ${seconds(probe.warming)}`] : []), `first search ${seconds(probe.first)}`, `again ${seconds(probe.again)}`];
  return steps.join(', ');
}

const seconds = (value: number): string => `${value.toFixed(2)} s`;
