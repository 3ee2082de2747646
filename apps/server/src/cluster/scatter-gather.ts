import { ROWS_PER_REQUEST, decodeRowsReply, decodeSearchReply, encodeRowsRequest, partSubjects } from '@molsearch/cluster';
import type { NatsConnection, PartRecord, RegisteredCatalogue } from '@molsearch/cluster';
import { EngineError, mergePartHits } from '@molsearch/engine';
import type { PartHits, SmilesReader } from '@molsearch/engine';
import { readable } from '../search/engine.adapter.ts';
import type { PropertyValue } from '../search/search-engine.ts';
import { nodeError } from './cluster-errors.ts';
import type { StoredRow } from './cluster-row.repository.ts';
import { requestPart } from './part-request.ts';
import type { PartRequestOptions } from './part-request.ts';

/** One database's hits gathered from its parts, rows in the cluster numbering (clusterRow). */
export interface GatheredHits {
  hits: PartHits;
  /** Rows of the hits as the nodes read them, to be stored with the search. */
  rows: StoredRow[];
  /** Parts (1-based) no replica answered for before the deadline. */
  missing: number[];
  of: number;
  /** Rows passing the property filters, over the parts that answered. */
  passing?: number;
}

/**
 * A part's row r is row r * N + (k - 1) of the catalogue in the cluster: a numbering that needs no
 * part's count, so a part that is down does not move the rows of the others.
 */
export function clusterRow(localRow: number, part: number, of: number): number {
  return localRow * of + (part - 1);
}

/** Narrows the merged hits before their rows are read (the structure checks), given a reader of their SMILES. */
export type HitSelection = (hits: PartHits, smilesOf: SmilesReader) => Promise<PartHits>;

/**
 * Sends the prepared search (`request`, encoded once) to every part of `catalogue` at once, merges the
 * exact top `limit` of the parts that answered (consensus hits fused again over the parts, kept from
 * `threshold`), lets `select` narrow them, and reads the rows of the hits kept from the same parts. A part
 * without a live replica until the deadline (or without a record in the registry) is listed in `missing`;
 * a part whose node answers with an error fails the search with that error.
 */
export async function gatherDatabase(
  nc: NatsConnection, catalogue: RegisteredCatalogue, request: Uint8Array, limit: number, options: PartRequestOptions & { threshold: number; onPartDone?: () => void; select?: HitSelection },
): Promise<GatheredHits> {
  const { of } = catalogue;
  const answers = await Promise.all(
    Array.from({ length: of }, async (_, i) => {
      const record = catalogue.parts.get(i + 1);
      const data = record && (await requestPart(nc, partSubjects(catalogue.database, record.part, record.build).search, request, options));
      options.onPartDone?.();
      if (!record || !data) return undefined;
      const reply = decodeSearchReply(data);
      if (!reply.ok) throw nodeError(reply.code, reply.message);
      return { record, hits: { ...reply.hits, rows: reply.hits.rows.map((row) => clusterRow(row, record.part.index, of)) }, passing: reply.passing };
    }),
  );
  const answered = answers.filter((answer) => answer !== undefined);
  const missing = answers.flatMap((answer, i) => (answer ? [] : [i + 1]));
  let hits = mergePartHits(answered.map((answer) => answer.hits), limit, options.threshold);
  if (options.select) hits = await options.select(hits, (rows) => readSmiles(nc, catalogue, rows, options));
  const rows: StoredRow[] = [];
  for (const { record } of answered) {
    const read = await readPartRows(nc, catalogue.database, record, hits, options);
    if (read) rows.push(...read);
    else missing.push(record.part.index);
  }
  if (missing.length > answers.filter((answer) => !answer).length) hits = withoutParts(hits, missing, of);
  const passing = answered.some((answer) => answer.passing !== undefined) ? answered.reduce((n, answer) => n + (answer.passing ?? 0), 0) : undefined;
  return { hits, rows, missing: missing.sort((a, b) => a - b), of, ...(passing === undefined ? {} : { passing }) };
}

/** The rows of `hits` that belong to `record`'s part, read from it in chunks; undefined when it went away meanwhile. */
function readPartRows(nc: NatsConnection, database: string, record: PartRecord, hits: PartHits, options: PartRequestOptions): Promise<StoredRow[] | undefined> {
  const { index, of } = record.part;
  return readRowsOf(nc, database, record, Array.from(hits.rows).filter((row) => row % of === index - 1), true, options);
}

/** `rows` (cluster numbering, all of `record`'s part) read from it in chunks; undefined when it went away meanwhile. */
async function readRowsOf(nc: NatsConnection, database: string, record: PartRecord, mine: readonly number[], withProperties: boolean, options: PartRequestOptions): Promise<StoredRow[] | undefined> {
  const { index, of } = record.part;
  const subject = partSubjects(database, record.part, record.build).rows;
  const rows: StoredRow[] = [];
  for (let at = 0; at < mine.length; at += ROWS_PER_REQUEST) {
    const chunk = mine.slice(at, at + ROWS_PER_REQUEST);
    const data = await requestPart(nc, subject, encodeRowsRequest({ rows: chunk.map((row) => (row - (index - 1)) / of), properties: withProperties }), options);
    if (!data) return undefined;
    const reply = decodeRowsReply(data);
    if (!reply.ok) throw nodeError(reply.code, reply.message);
    chunk.forEach((row, i) => {
      const properties: Record<string, PropertyValue> = {};
      // Rounded to float32's precision, as the single-process engine answers them.
      for (const [key, values] of Object.entries(reply.properties)) properties[key] = readable(values[i] ?? null);
      rows.push({ row, smiles: reply.smiles[i]!, id: reply.ids[i]!, properties });
    });
  }
  return rows;
}

/** The SMILES of `rows` (cluster numbering) from the parts holding them; a part gone meanwhile fails the search, naming it. */
async function readSmiles(nc: NatsConnection, catalogue: RegisteredCatalogue, rows: readonly number[], options: PartRequestOptions): Promise<string[]> {
  const smiles: string[] = [];
  const byRow = new Map<number, string>();
  for (const record of catalogue.parts.values()) {
    const mine = rows.filter((row) => row % catalogue.of === record.part.index - 1);
    if (mine.length === 0) continue;
    const read = await readRowsOf(nc, catalogue.database, record, mine, false, options);
    if (!read) throw new EngineError('CATALOGUE_NOT_FOUND', `Catalogue ${catalogue.database}: part ${record.part.index} of ${catalogue.of} became unavailable while its hits were checked.`);
    for (const row of read) byRow.set(row.row, row.smiles);
  }
  for (const row of rows) smiles.push(byRow.get(row) ?? '');
  return smiles;
}

function withoutParts(hits: PartHits, parts: number[], of: number): PartHits {
  const keep = Array.from(hits.rows.keys()).filter((i) => !parts.includes((hits.rows[i]! % of) + 1));
  const pick = (column: Float64Array): Float64Array => Float64Array.from(keep, (i) => column[i]!);
  return {
    rows: Uint32Array.from(keep, (i) => hits.rows[i]!),
    similarities: pick(hits.similarities),
    ...(hits.components ? { components: { morgan: pick(hits.components.morgan), shape: pick(hits.components.shape), electrostatic: pick(hits.components.electrostatic) } } : {}),
  };
}
