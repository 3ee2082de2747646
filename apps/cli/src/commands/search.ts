import { csvRow, tsvRow } from '@molsearch/api';
import { PROPERTY_COLUMNS, formatPropertyValue, loadRDKit, sdfRecord } from '@molsearch/chem';
import { EngineError, MAX_SEARCH_LIMIT, SEARCH_METHODS, SEARCH_QUALITIES, closeSearchPool, search } from '@molsearch/engine';
import type { SearchRequest, SearchResult } from '@molsearch/engine';
import { openClusterClient } from '@molsearch/server';
import type { ClusterClient } from '@molsearch/server';
import { usageError } from '../cli-error.ts';
import type { Command, CommandContext } from '../command.ts';
import { clusterHitRows, localHitRows } from '../hit-rows.ts';
import type { HitRowReader, HitRows } from '../hit-rows.ts';
import { FILTER_OPTIONS, filterSummary, filtersFromOptions } from '../search-filter-options.ts';
import { readQueryFile } from '../query-file.ts';
import type { QueryRow } from '../query-file.ts';

const FORMATS = ['tsv', 'csv', 'sdf'] as const;
type OutputFormat = (typeof FORMATS)[number];

export const command: Command = {
  name: 'search',
  summary: 'find the molecules most similar to a query in one or more catalogues',
  usage: '<SMILES> | --queries <file>',
  minArgs: 0,
  maxArgs: 1,
  options: {
    method: { type: 'string', valueName: 'method', description: `${SEARCH_METHODS.join(' | ')} (default morgan)` },
    quality: { type: 'string', valueName: 'quality', description: `${SEARCH_QUALITIES.join(' | ')} (default fast; morgan is exact at every level)` },
    db: { type: 'string', multiple: true, valueName: 'DB-ID', description: 'catalogue to search; repeat or comma-separate for several (required)' },
    top: { type: 'string', valueName: 'N', description: `hits per catalogue, 1..${MAX_SEARCH_LIMIT} (default 30)` },
    threshold: { type: 'string', valueName: 'T', description: 'only hits with similarity >= T, 0..1 (default 0)' },
    format: { type: 'string', valueName: 'format', description: 'tsv | csv | sdf (default tsv)' },
    threads: { type: 'string', valueName: 'N', description: 'scan threads (default 2)' },
    queries: { type: 'string', valueName: 'file', description: 'search each molecule of a .smi, .csv, .sdf or .xlsx file; rows gain query_id and query_smiles' },
    nats: { type: 'string', valueName: 'URL', description: 'search the catalogues served by the search nodes (molsearch node) of this NATS cluster, not the data directory' },
    ...FILTER_OPTIONS,
  },
  help: [
    'Output columns: rank, database, id, smiles, similarity, the three scores (morgan, shape, electrostatic;',
    'the 3D ones empty for a catalogue without 3D models), then the property columns.',
    'Ranks count within each database, best first. The similarity is exact:',
    '  morgan                Tanimoto on Morgan bits (radius 2, 2048 bits)',
    '  espsim_shape          Gaussian volume-overlap Tanimoto at the best alignment',
    '  espsim_electrostatic  mean of that shape Tanimoto and the ESP Tanimoto at the same pose (MMFF94 charges,',
    '                        pH 7.4 form; size-sensitive); Carbó (C + 1) / 2 in catalogues built before them',
    '  consensus             the three fused by their rarity in the catalogue: L / (1 + L), L the mean -log10',
    '                        of each score\'s share of 1,000 fixed catalogue rows scoring at least as high',
    "'molsearch catalogues' shows which charge model built each catalogue.",
    'SDF output carries the same fields as data items: 2D coordinates for morgan, the pose aligned on the',
    'query for the 3D methods and consensus (which need catalogues imported with --3d).',
    'Filters apply before ranking: every hit passes them and the first is the best that passes. With',
    '--substructure or --exclude-pains at most 1,000 hits are kept per catalogue; stderr says how many passed.',
    'With --nats the catalogues are those the search nodes announce (molsearch cluster lists them); a part with no live',
    'node fails the search, naming it.',
    '',
    "Example: molsearch search 'CC(=O)Oc1ccccc1C(=O)O' --db MOLPORT --db ZINC15 --top 10 --threshold 0.4",
    "         molsearch search 'CC(=O)Nc1ccc(O)cc1' --db MOLPORT --mw-max 350 --lipinski --substructure 'c1ccccc1N'",
    '         molsearch search --queries hit_list.smi --db MOLPORT --top 20 --format csv > hits.csv',
    "         molsearch search 'CC(=O)Nc1ccc(O)cc1' --db ENAMINE-REAL --method espsim_shape --nats nats://nats-1:4222",
  ].join('\n'),
  async run(context) {
    const databases = context.options.strings('db');
    if (databases.length === 0) throw usageError("search needs at least one --db <DB-ID>; see 'molsearch search --help'");
    const queryFile = context.options.string('queries');
    if ((queryFile === undefined) === (context.args.length === 0)) throw usageError("search needs a query SMILES or --queries <file>, not both; see 'molsearch search --help'");
    const format = context.options.choice('format', FORMATS) ?? 'tsv';
    const method = context.options.choice('method', SEARCH_METHODS) ?? 'morgan';
    const request = {
      method,
      quality: context.options.choice('quality', SEARCH_QUALITIES) ?? 'fast',
      databases,
      limit: context.options.integer('top', { min: 1, max: MAX_SEARCH_LIMIT }) ?? 30,
      threshold: context.options.number('threshold', { min: 0, max: 1 }) ?? 0,
      ...filtersFromOptions(context.options),
    };
    const threads = context.options.integer('threads', { min: 1, max: 7 }) ?? 2;
    const natsUrl = context.options.string('nats');
    // Through search nodes a part without a live replica fails the search: a file of hits is never silently partial.
    const cluster = natsUrl === undefined ? undefined : await openClusterClient({ natsUrl, attemptMs: 60_000, partDeadlineMs: 300_000, failOnPartial: true }, { threads, name: `molsearch-search-${process.pid}` });
    try {
      const queries: QueryRow[] = queryFile === undefined ? [{ line: 0, id: '', smiles: context.args[0] as string }] : await readQueryFile(context, queryFile);
      // Every hit carries all three scores after its similarity, whichever method ranked it.
      const scored = withComponents(HEADER, COMPONENT_COLUMNS);
      const header = queryFile === undefined ? scored : [...QUERY_COLUMNS, ...scored];
      if (format !== 'sdf') await context.out.line(row(header, format));
      else await loadRDKit();
      for (const query of queries) {
        let result: SearchResult;
        try {
          result = await searchOnce({ ...request, smiles: query.smiles }, context.dataDir, threads, cluster);
        } catch (error) {
          // One unreadable query of a file is reported by its line; the others are still searched.
          if (queryFile === undefined || !(error instanceof EngineError) || error.code !== 'INVALID_SMILES') throw error;
          context.note(`line ${query.line}: ${error.message}`);
          continue;
        }
        for (const hits of result.databases) {
          const summary = filterSummary(hits);
          if (summary) context.note(queryFile === undefined ? summary : `${query.id}: ${summary}`);
        }
        const rowOptions = { smiles: query.smiles, method, posed: format === 'sdf', threads };
        const reader = cluster ? clusterHitRows(cluster, rowOptions) : localHitRows(context.dataDir, rowOptions);
        await writeHits(context, result, reader, { format, header, prefix: queryFile === undefined ? [] : [query.id, query.smiles] });
      }
    } finally {
      await cluster?.close();
      await closeSearchPool();
    }
  },
};

/** One query searched in the data directory, or through the search nodes. */
function searchOnce(request: SearchRequest, dataDir: string, threads: number, cluster: ClusterClient | undefined): Promise<SearchResult> {
  return cluster ? cluster.engine.search(request, {}) : search(request, { dataDir, threads });
}

const HEADER = ['rank', 'database', 'id', 'smiles', 'similarity', ...PROPERTY_COLUMNS.map((column) => column.key)];
/** The columns a `--queries` search puts first on each row. */
const QUERY_COLUMNS = ['query_id', 'query_smiles'] as const;

interface WriteOptions {
  format: OutputFormat;
  /** Every column written, `prefix`'s first. */
  header: readonly string[];
  prefix: readonly string[];
}

/** One query's hits, database by database, best first. */
async function writeHits(context: CommandContext, result: SearchResult, read: HitRowReader, options: WriteOptions): Promise<void> {
  const { format, header, prefix } = options;
  const scored = header.slice(prefix.length);
  for (const hits of result.databases) {
    const rows = await read(hits);
    for (let i = 0; i < hits.rows.length; i++) {
      const fields = hitFields(rows, i, hits.similarities[i]!, scored);
      const hit = { ...fields, header, cells: [...prefix, ...fields.cells] };
      if (format !== 'sdf') await context.out.line(row(hit.cells, format));
      // The record ends with its own line break.
      else await context.out.line(sdfRecord({ title: rows.ids[i]!, molblock: rows.molblocks?.[i], smiles: hit.smiles, fields: hit.header.map((name, j) => [name, hit.cells[j] ?? ''] as const) }).slice(0, -1));
    }
  }
}
const COMPONENT_COLUMNS = ['morgan', 'shape', 'electrostatic'] as const;

/** `header` with `extra` after the similarity. */
function withComponents(header: readonly string[], extra: readonly string[]): string[] {
  const at = header.indexOf('similarity') + 1;
  return [...header.slice(0, at), ...extra, ...header.slice(at)];
}

interface HitFields {
  smiles: string;
  /** The column names, as `cells` gives their values. */
  header: readonly string[];
  cells: string[];
}

function hitFields(rows: HitRows, i: number, similarity: number, header: readonly string[]): HitFields {
  const smiles = rows.smiles[i]!;
  // A 3D score the hit has none of (no 3D model in its catalogue) is an empty cell.
  const scores = [similarity, ...COMPONENT_COLUMNS.map((name) => rows.components[name][i] ?? Number.NaN)].map((score) => (Number.isNaN(score) ? '' : score.toFixed(4)));
  return {
    smiles,
    header,
    cells: [String(i + 1), rows.database, rows.ids[i]!, smiles, ...scores, ...PROPERTY_COLUMNS.map((column) => formatPropertyValue(rows.properties[i]!, column))],
  };
}

function row(cells: string[], format: Exclude<OutputFormat, 'sdf'>): string {
  return format === 'csv' ? csvRow(cells) : tsvRow(cells);
}
