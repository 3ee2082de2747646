import type { HitPose, PreparedQuery, SearchMethod } from '@molsearch/engine';
import { FrameError, decodeFrame, encodeFrame, float64s } from './frame.ts';
import { decodeQuery, encodeQuery } from './query-message.ts';
import type { QueryHeader } from './query-message.ts';

/** A 3D method hits are posed for. */
export type PosedMethod = Exclude<SearchMethod, 'morgan'>;

/**
 * What an API server asks of one part about hits already found (rows in the part's own numbering), with
 * the query it prepared (its Morgan form and the 3D form for the part's charge model):
 * - `scores`: the Morgan, shape and electrostatic scores of `rows`, as the single process computes them;
 * - `pose`: one hit laid on the query conformer it aligns to (the hit detail's pose);
 * - `molblocks`: `rows` posed on a query whose conformers share one frame, each titled (3D downloads).
 */
export type PartHitsRequest =
  | { kind: 'scores'; rows: number[]; query: PreparedQuery }
  | { kind: 'pose'; row: number; titles: { query: string; hit: string }; query: PreparedQuery }
  | { kind: 'molblocks'; rows: number[]; titles: string[]; method: PosedMethod; query: PreparedQuery };

export type PartHitsReply =
  | { ok: true; kind: 'scores'; morgan: Float64Array; shape: Float64Array | null; electrostatic: Float64Array | null }
  | { ok: true; kind: 'pose'; pose: HitPose | null }
  | { ok: true; kind: 'molblocks'; molblocks: (string | null)[] }
  | { ok: false; code: string; message: string };

/** Rows scored or posed in one message: a pose is a few kilobytes of molblock, well inside NATS's 1 MB payload. */
export const HIT_ROWS_PER_REQUEST = 200;

type RequestHeader = QueryHeader & { request: Omit<PartHitsRequest, 'query'> };

export function encodeHitsRequest(request: PartHitsRequest): Uint8Array {
  const { query, ...rest } = request;
  const { header, blobs } = encodeQuery(query);
  return encodeFrame<RequestHeader>({ ...header, request: rest }, blobs);
}

export function decodeHitsRequest(bytes: Uint8Array): PartHitsRequest {
  const { header, blobs } = decodeFrame<RequestHeader>(bytes);
  const kind = header.request?.kind;
  if (kind !== 'scores' && kind !== 'pose' && kind !== 'molblocks') throw new FrameError('a hits request of no known kind');
  return { ...header.request, query: decodeQuery(header, blobs) } as PartHitsRequest;
}

type ReplyHeader =
  | { ok: true; kind: 'scores'; threeD: boolean }
  | { ok: true; kind: 'pose'; pose: HitPose | null }
  | { ok: true; kind: 'molblocks'; molblocks: (string | null)[] }
  | { ok: false; code: string; message: string };

export function encodeHitsReply(reply: PartHitsReply): Uint8Array {
  if (!reply.ok || reply.kind !== 'scores') return encodeFrame<ReplyHeader>(reply);
  const threeD = reply.shape !== null && reply.electrostatic !== null;
  return encodeFrame<ReplyHeader>({ ok: true, kind: 'scores', threeD }, threeD ? [reply.morgan, reply.shape!, reply.electrostatic!] : [reply.morgan]);
}

export function decodeHitsReply(bytes: Uint8Array): PartHitsReply {
  const { header: framed, blobs } = decodeFrame<ReplyHeader & { blobs?: unknown }>(bytes);
  const { blobs: _lengths, ...header } = framed;
  if (!header.ok || header.kind !== 'scores') return header;
  const morgan = float64s(blobs[0]);
  if (!header.threeD) return { ok: true, kind: 'scores', morgan, shape: null, electrostatic: null };
  const shape = float64s(blobs[1]);
  const electrostatic = float64s(blobs[2]);
  if (shape.length !== morgan.length || electrostatic.length !== morgan.length) throw new FrameError('a scores reply whose columns disagree');
  return { ok: true, kind: 'scores', morgan, shape, electrostatic };
}
