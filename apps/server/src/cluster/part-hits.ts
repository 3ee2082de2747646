import { HIT_ROWS_PER_REQUEST, decodeHitsReply, encodeHitsRequest, partSubjects } from '@molsearch/cluster';
import type { NatsConnection, PartHitsReply, PartHitsRequest, RegisteredCatalogue } from '@molsearch/cluster';
import { EngineError } from '@molsearch/engine';
import { nodeError } from './cluster-errors.ts';
import { requestPart } from './part-request.ts';
import type { PartRequestOptions } from './part-request.ts';

/** Where a row of a catalogue in the cluster numbering (scatter-gather.ts clusterRow) lives: its part and its row there. */
export function partRowOf(row: number, of: number): { part: number; local: number } {
  const part = (row % of) + 1;
  return { part, local: (row - (part - 1)) / of };
}

/** The answer of the part holding each group of rows; undefined for a part no replica answered in time. */
type PartAnswer<K extends PartHitsRequest['kind']> = Extract<PartHitsReply, { ok: true; kind: K }>;

/**
 * Asks the parts of `catalogue` about `rows` (cluster numbering): the rows are grouped by part and sent
 * in chunks, `request` building each chunk's request from its rows in the part's numbering; `take` gets
 * each answer with the positions in `rows` it covers, or undefined for a chunk no replica answered.
 */
export async function askParts<K extends 'scores' | 'molblocks'>(
  nc: NatsConnection, catalogue: RegisteredCatalogue, rows: readonly number[], kind: K,
  request: (localRows: number[], positions: number[]) => PartHitsRequest, take: (answer: PartAnswer<K> | undefined, positions: number[]) => void,
  options: PartRequestOptions,
): Promise<void> {
  const byPart = new Map<number, number[]>();
  rows.forEach((row, position) => {
    const { part } = partRowOf(row, catalogue.of);
    const positions = byPart.get(part);
    if (positions) positions.push(position);
    else byPart.set(part, [position]);
  });
  await Promise.all(
    [...byPart].map(async ([part, positions]) => {
      for (let at = 0; at < positions.length; at += HIT_ROWS_PER_REQUEST) {
        const chunk = positions.slice(at, at + HIT_ROWS_PER_REQUEST);
        const answer = await askPart(nc, catalogue, part, request(chunk.map((position) => partRowOf(rows[position]!, catalogue.of).local), chunk), options);
        if (answer && answer.kind !== kind) throw new EngineError('WORKER_FAILED', `A search node answered a ${kind} request with ${answer.kind}.`);
        take(answer as PartAnswer<K> | undefined, chunk);
      }
    }),
  );
}

/** One request to one part; undefined when the part has no record or no replica answered before the deadline. */
export async function askPart(nc: NatsConnection, catalogue: RegisteredCatalogue, part: number, request: PartHitsRequest, options: PartRequestOptions): Promise<Extract<PartHitsReply, { ok: true }> | undefined> {
  const record = catalogue.parts.get(part);
  if (!record) return undefined;
  const data = await requestPart(nc, partSubjects(catalogue.database, record.part, record.build).hits, encodeHitsRequest(request), options);
  if (!data) return undefined;
  const reply = decodeHitsReply(data);
  if (!reply.ok) throw nodeError(reply.code, reply.message);
  return reply;
}
