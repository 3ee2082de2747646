import type { ElectrostaticForm } from '@molsearch/chem';
import type { PartHits, PreparedQuery, SearchFilters, SearchMethod, SearchQuality } from '@molsearch/engine';
import { FrameError, decodeFrame, encodeFrame, float64s, uint32s } from './frame.ts';
import { decodeQuery, encodeQuery } from './query-message.ts';
import type { QueryHeader } from './query-message.ts';

/** What an API server asks of one part: the search, with the query it prepared once for every part. */
export interface PartSearchRequest {
  method: SearchMethod;
  quality: SearchQuality;
  limit: number;
  threshold: number;
  filters?: SearchFilters;
  query: PreparedQuery;
}

type RequestHeader = QueryHeader & {
  method: SearchMethod;
  quality: SearchQuality;
  limit: number;
  threshold: number;
  filters?: SearchFilters;
};

/** The request as bytes, its query exactly (query-message.ts). */
export function encodeSearchRequest(request: PartSearchRequest): Uint8Array {
  const { header, blobs } = encodeQuery(request.query);
  return encodeFrame<RequestHeader>({
    ...header, method: request.method, quality: request.quality, limit: request.limit, threshold: request.threshold, ...(request.filters ? { filters: request.filters } : {}),
  }, blobs);
}

export function decodeSearchRequest(bytes: Uint8Array): PartSearchRequest {
  const { header, blobs } = decodeFrame<RequestHeader>(bytes);
  const query = decodeQuery(header, blobs);
  return { method: header.method, quality: header.quality, limit: header.limit, threshold: header.threshold, query, ...(header.filters ? { filters: header.filters } : {}) };
}

/** A part's answer: its hits (rows in its own numbering) or the engine's error code and message. */
export type PartSearchReply = { ok: true; hits: PartHits; passing?: number } | { ok: false; code: string; message: string };

interface ReplyHeader {
  ok: boolean;
  count?: number;
  components?: boolean;
  /** A consensus part's reference sample: its electrostatic form and size (merge-hits.ts). */
  reference?: { form: ElectrostaticForm; count: number };
  passing?: number;
  code?: string;
  message?: string;
}

export function encodeSearchReply(reply: PartSearchReply): Uint8Array {
  if (!reply.ok) return encodeFrame<ReplyHeader>({ ok: false, code: reply.code, message: reply.message });
  const { hits } = reply;
  const blobs: ArrayBufferView[] = [hits.rows, hits.similarities];
  if (hits.components) blobs.push(hits.components.morgan, hits.components.shape, hits.components.electrostatic);
  const reference = hits.reference;
  if (reference) blobs.push(reference.keys, reference.morgan, reference.shape, reference.electrostatic);
  return encodeFrame<ReplyHeader>({
    ok: true, count: hits.rows.length, components: hits.components !== undefined,
    ...(reference ? { reference: { form: reference.form, count: reference.keys.length } } : {}),
    ...(reply.passing === undefined ? {} : { passing: reply.passing }),
  }, blobs);
}

export function decodeSearchReply(bytes: Uint8Array): PartSearchReply {
  const { header, blobs } = decodeFrame<ReplyHeader>(bytes);
  if (!header.ok) return { ok: false, code: header.code ?? 'WORKER_FAILED', message: header.message ?? 'The search node failed without a message.' };
  const rows = uint32s(blobs[0]);
  const similarities = float64s(blobs[1]);
  if (rows.length !== header.count || similarities.length !== header.count) throw new FrameError('a reply whose columns disagree with its count');
  const hits: PartHits = { rows, similarities };
  if (header.components) hits.components = { morgan: float64s(blobs[2]), shape: float64s(blobs[3]), electrostatic: float64s(blobs[4]) };
  if (header.reference) {
    const at = header.components ? 5 : 2;
    const [keys, morgan, shape, electrostatic] = [0, 1, 2, 3].map((i) => float64s(blobs[at + i]));
    if (!hits.components || [keys, morgan, shape, electrostatic].some((column) => column!.length !== header.reference!.count)) throw new FrameError('a reference sample whose columns disagree with its count');
    hits.reference = { form: header.reference.form, keys: keys!, morgan: morgan!, shape: shape!, electrostatic: electrostatic! };
  }
  return { ok: true, hits, ...(header.passing === undefined ? {} : { passing: header.passing }) };
}
