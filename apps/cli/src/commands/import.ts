import { basename, resolve } from 'node:path';
import { DEFAULT_MOLECULE_LIMITS } from '@molsearch/chem';
import { EngineError, describePart, importCatalogue, parsePart } from '@molsearch/engine';
import type { CataloguePart } from '@molsearch/engine';
import { usageError } from '../cli-error.ts';
import type { Command } from '../command.ts';
import { ProgressBar, formatCount } from '../progress-bar.ts';

export const command: Command = {
  name: 'import',
  summary: 'build a catalogue index from vendor files (.smi, .csv, .tsv, .sdf, .xlsx, optionally .gz)',
  usage: '<file...>',
  minArgs: 1,
  options: {
    db: { type: 'string', valueName: 'DB-ID', description: 'catalogue id, e.g. ENAMINE-REAL (required)' },
    limit: { type: 'string', valueName: 'N', description: 'import only the first N rows (quick builds)' },
    workers: { type: 'string', valueName: 'N', description: 'worker threads preparing molecules (default 2)' },
    '3d': { type: 'boolean', description: 'also build the 3D columns for shape/electrostatic search (about 2 ms of CPU a screening compound, 10-15 ms a large, flexible one)' },
    resume: { type: 'boolean', description: 'continue an import of this DB-ID that was killed part-way (same files and options)' },
    shard: { type: 'string', valueName: 'k/N', description: 'import only part k of N of the catalogue (run once per part, on one machine or N)' },
    'max-heavy-atoms': { type: 'string', valueName: 'N', description: `skip molecules with more heavy atoms (default ${DEFAULT_MOLECULE_LIMITS.heavyAtoms})` },
  },
  help: [
    'Each molecule is standardised (largest organic fragment, charges neutralised where safe), canonicalised,',
    'fingerprinted (Morgan radius 2, 2048 bits) and its properties computed, on worker threads.',
    'Bad rows are reported on stderr as "file line N: reason" and skipped; for a repeated id the first row is kept.',
    `Molecules over the size limits (${DEFAULT_MOLECULE_LIMITS.heavyAtoms} heavy atoms, ${DEFAULT_MOLECULE_LIMITS.ringClosures} ring closures, branches nested ${DEFAULT_MOLECULE_LIMITS.branchDepth} deep) are skipped too.`,
    'The index is written to <data-dir>/catalogues/<DB-ID>.tmp-<pid> and renamed into place when complete,',
    'replacing an earlier import of the same id; an interrupted import leaves the previous catalogue untouched.',
    'The work folder keeps every finished batch: after a kill or Ctrl-C, the same command with --resume continues',
    'after them (if the files and options are unchanged); without --resume the import starts over.',
    'With --3d each molecule also gets conformers, MMFF94 partial charges of its dominant form at pH 7.4 (Gasteiger',
    'charges where MMFF94 cannot type it) and a compact 3D model, and the catalogue gets the stage-1 index of volume',
    'and charge vectors that espsim_shape / espsim_electrostatic searches probe before they score candidates exactly.',
    '',
    'With --shard k/N only the rows whose id falls in part k are imported (rows go to parts by a hash of the id, so',
    'a repeated id stays in one part), into <data-dir>/catalogues/<DB-ID>.part-k-of-N; N runs, one per part, build the',
    'catalogue in parts, and a search of DB-ID visits every part and returns the hits of the catalogue imported whole.',
    'Unreadable rows are reported by part 1 only. Search nodes (molsearch node) serve parts to several API servers.',
    '',
    'Example: molsearch import enamine_real.smi.gz --db ENAMINE-REAL --limit 10000',
    '         molsearch import enamine_real.smi.gz --db ENAMINE-REAL --shard 2/8',
  ].join('\n'),
  async run(context) {
    const id = context.options.string('db');
    if (!id) throw usageError("import needs --db <DB-ID>; see 'molsearch import --help'");
    const limit = context.options.integer('limit', { min: 1 });
    const workers = context.options.integer('workers', { min: 0, max: 16 }) ?? 2;
    const heavyAtoms = context.options.integer('max-heavy-atoms', { min: 1 });
    const shardText = context.options.string('shard');
    const shard = shardText === undefined ? undefined : readShard(shardText);
    const files = context.args.map((file) => resolve(context.io.cwd, file));
    const bar = new ProgressBar({ label: `Importing ${id}`, unit: 'molecules', stream: context.io.stderr });
    // A catalogue walked as a graph (over 2 million rows) builds its stage-1 graphs last, for minutes: a bar of its own.
    let indexing: ProgressBar | undefined;
    const summary = await importCatalogue({
      files,
      id,
      dataDir: context.dataDir,
      workers,
      limit,
      shape: context.options.flag('3d'),
      resume: context.options.flag('resume'),
      shard,
      moleculeLimits: heavyAtoms === undefined ? undefined : { heavyAtoms },
      onProgress: (progress) => {
        if (!progress.indexed) return bar.update(progress.molecules, progress.fraction);
        if (!indexing) {
          bar.finish();
          indexing = new ProgressBar({ label: `Building the 3D index graphs of ${id}`, unit: 'rows', total: progress.indexed.of, stream: context.io.stderr });
        }
        indexing.update(progress.indexed.rows);
      },
      onSkipped: (row) => bar.log(`${basename(row.file)} line ${row.line}: ${row.reason}`),
    });
    bar.finish();
    indexing?.finish();
    if (summary.part) context.note(`${summary.id}: ${describePart(summary.part)}, in ${summary.dir}`);
    if (summary.resumedRows > 0) context.note(`${summary.id}: continued an interrupted import after its first ${formatCount(summary.resumedRows)} rows`);
    context.note(
      `${summary.id}: ${formatCount(summary.count)} molecules from ${formatCount(summary.rows)} rows, ` +
        `${formatCount(summary.skippedRows)} skipped (${formatCount(summary.duplicateIds)} duplicate ids), ` +
        `${summary.moleculesPerSecond.toFixed(0)} molecules/s, ${summary.bytesPerMolecule} bytes/molecule, in ${summary.dir}`,
    );
    if (summary.chargeFallbacks) context.note(`${summary.id}: ${formatCount(summary.chargeFallbacks)} molecules have Gasteiger charges in their 3D model: MMFF94 could not type them`);
  },
};

function readShard(text: string): CataloguePart {
  try {
    return parsePart(text);
  } catch (error) {
    if (error instanceof EngineError) throw usageError(`--shard: ${error.message}`);
    throw error;
  }
}
