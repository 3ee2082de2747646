import { csvRow, tsvRow } from '@molsearch/api';
import { PROPERTY_COLUMNS, formatPropertyValue, loadRDKit, sdfRecord } from '@molsearch/chem';
import type { MoleculeProperties } from '@molsearch/chem';
import { EngineError, MAX_SEARCH_LIMIT, SEARCH_METHODS, SEARCH_QUALITIES, alignedHitMolblock, catalogueChargeModel, closeSearchPool, hitScorer, openCatalogue, search, shapeQuery } from '@molsearch/engine';
import type { Catalogue, SearchMethod, SearchResult, ShapeQuery } from '@molsearch/engine';
import { usageError } from '../cli-error.ts';
import type { Command, CommandContext } from '../command.ts';
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
    '',
    "Example: molsearch search 'CC(=O)Oc1ccccc1C(=O)O' --db MOLPORT --db ZINC15 --top 10 --threshold 0.4",
    "         molsearch search 'CC(=O)Nc1ccc(O)cc1' --db MOLPORT --mw-max 350 --lipinski --substructure 'c1ccccc1N'",
    '         molsearch search --queries hit_list.smi --db MOLPORT --top 20 --format csv > hits.csv',
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
    const options = { dataDir: context.dataDir, threads: context.options.integer('threads', { min: 1, max: 7 }) ?? 2 };
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
          result = await search({ ...request, smiles: query.smiles }, options);
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
        await writeHits(context, result, { format, method, header, smiles: query.smiles, prefix: queryFile === undefined ? [] : [query.id, query.smiles], threads: options.threads });
      }
    } finally {
      await closeSearchPool();
    }
  },
};

const HEADER = ['rank', 'database', 'id', 'smiles', 'similarity', ...PROPERTY_COLUMNS.map((column) => column.key)];
/** The columns a `--queries` search puts first on each row. */
const QUERY_COLUMNS = ['query_id', 'query_smiles'] as const;

interface WriteOptions {
  format: OutputFormat;
  method: SearchMethod;
  /** Every column written, `prefix`'s first. */
  header: readonly string[];
  /** The query as given (3D poses are built from it). */
  smiles: string;
  prefix: readonly string[];
  /** Threads that score the hits by the methods the search did not rank by. */
  threads: number;
}

/** One query's hits, database by database, best first. */
async function writeHits(context: CommandContext, result: SearchResult, options: WriteOptions): Promise<void> {
  const { format, method, header, prefix } = options;
  const scored = header.slice(prefix.length);
  // 3D poses are recomputed for the hits written (the search keeps only scores), with each catalogue's charge model.
  const queries = new Map<string, ShapeQuery>();
  const scorer = hitScorer(options.smiles, { dataDir: context.dataDir, threads: options.threads });
  for (const hits of result.databases) {
    const catalogue = await openCatalogue(context.dataDir, hits.database);
    const query = format === 'sdf' && method !== 'morgan' && catalogue.manifest.shape ? await queryFor(queries, options.smiles, catalogue) : undefined;
    // Consensus returns the three scores it fused; other methods' hits are scored by the other two here.
    const components = hits.components ?? (await scorer.scores(hits.database, hits.rows));
    for (let i = 0; i < hits.rows.length; i++) {
      const fields = hitFields(catalogue, hits.rows[i]!, i + 1, hits.similarities[i]!, scored, COMPONENT_COLUMNS.map((name) => components[name]?.[i] ?? Number.NaN));
      const hit = { ...fields, header, cells: [...prefix, ...fields.cells] };
      if (format !== 'sdf') await context.out.line(row(hit.cells, format));
      // The record ends with its own line break.
      else await context.out.line(hitRecord(hit, query && { query, method, catalogue, row: hits.rows[i]! }).slice(0, -1));
    }
  }
}
const COMPONENT_COLUMNS = ['morgan', 'shape', 'electrostatic'] as const;

/** `header` with `extra` after the similarity. */
function withComponents(header: readonly string[], extra: readonly string[]): string[] {
  const at = header.indexOf('similarity') + 1;
  return [...header.slice(0, at), ...extra, ...header.slice(at)];
}

/** The 3D query built with the catalogue's charge model, once per model. */
async function queryFor(queries: Map<string, ShapeQuery>, smiles: string, catalogue: Catalogue): Promise<ShapeQuery> {
  const model = catalogueChargeModel(catalogue.manifest.shape!);
  const key = `${model.charges}/${model.protonation}`;
  let query = queries.get(key);
  if (!query) queries.set(key, (query = await shapeQuery(smiles, undefined, model)));
  return query;
}

interface HitFields {
  smiles: string;
  /** The column names, as `cells` gives their values. */
  header: readonly string[];
  cells: string[];
}

function hitFields(catalogue: Catalogue, row: number, rank: number, similarity: number, header: readonly string[], components: number[]): HitFields {
  const smiles = catalogue.smiles(row);
  const properties = catalogue.properties(row) as unknown as MoleculeProperties;
  // A 3D score the hit has none of (no 3D model in its catalogue) is an empty cell.
  const scores = [similarity, ...components].map((score) => (Number.isNaN(score) ? '' : score.toFixed(4)));
  return {
    smiles,
    header,
    cells: [String(rank), catalogue.id, catalogue.compoundId(row), smiles, ...scores, ...PROPERTY_COLUMNS.map((column) => formatPropertyValue(properties, column))],
  };
}

interface PoseSource {
  query: ShapeQuery;
  method: SearchMethod;
  catalogue: Catalogue;
  row: number;
}

/** One SD record: the hit aligned on the query with `pose` (3D methods), else 2D coordinates; the hit's fields as data items. */
function hitRecord(hit: HitFields, pose?: PoseSource): string {
  const title = hit.cells[hit.header.indexOf('id')] ?? '';
  const molblock = pose && pose.method !== 'morgan' ? alignedHitMolblock(pose.query, pose.method, pose.catalogue, pose.row, title) : undefined;
  return sdfRecord({ title, molblock, smiles: hit.smiles, fields: hit.header.map((name, i) => [name, hit.cells[i] ?? ''] as const) });
}

function row(cells: string[], format: Exclude<OutputFormat, 'sdf'>): string {
  return format === 'csv' ? csvRow(cells) : tsvRow(cells);
}
