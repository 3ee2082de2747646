import type { PartHits, PreparedQuery, SearchFilters, SearchMethod, SearchQuality, ShapeQuery } from '@molsearch/engine';
import { FrameError, decodeFrame, encodeFrame, float64s, uint32s } from './frame.ts';

/** What an API server asks of one part: the search, with the query it prepared once for every part. */
export interface PartSearchRequest {
  method: SearchMethod;
  quality: SearchQuality;
  limit: number;
  threshold: number;
  filters?: SearchFilters;
  query: PreparedQuery;
}

interface ShapeHeader {
  key: string;
  smiles: string;
  chargeModel: ShapeQuery['chargeModel'];
  chargeFallback?: boolean;
  hydrogenSites: number;
  conformers: number;
}

interface RequestHeader {
  method: SearchMethod;
  quality: SearchQuality;
  limit: number;
  threshold: number;
  filters?: SearchFilters;
  smiles: string;
  morgan?: { smiles: string };
  shapes: ShapeHeader[];
}

/**
 * The request as bytes. The 3D queries travel exactly (float64 charges and coordinates, unlike the
 * catalogue's quantised models), so a node scores with the very query a single process would.
 */
export function encodeSearchRequest(request: PartSearchRequest): Uint8Array {
  const { query } = request;
  const blobs: ArrayBufferView[] = [];
  if (query.morgan) blobs.push(query.morgan.fingerprint);
  const shapes: ShapeHeader[] = [];
  for (const [key, shape] of query.shape) {
    const { model } = shape;
    shapes.push({
      key, smiles: shape.smiles, chargeModel: shape.chargeModel, hydrogenSites: model.hydrogenSites, conformers: model.conformers.length,
      ...(shape.chargeFallback ? { chargeFallback: true } : {}),
    });
    const coordinates = new Float64Array(model.conformers.reduce((n, conformer) => n + conformer.length, 0));
    let at = 0;
    for (const conformer of model.conformers) {
      coordinates.set(conformer, at);
      at += conformer.length;
    }
    blobs.push(model.atomicNumbers, model.charges, coordinates);
  }
  const header: RequestHeader = {
    method: request.method, quality: request.quality, limit: request.limit, threshold: request.threshold, smiles: query.smiles, shapes,
    ...(request.filters ? { filters: request.filters } : {}),
    ...(query.morgan ? { morgan: { smiles: query.morgan.smiles } } : {}),
  };
  return encodeFrame(header, blobs);
}

export function decodeSearchRequest(bytes: Uint8Array): PartSearchRequest {
  const { header, blobs } = decodeFrame<RequestHeader>(bytes);
  let next = 0;
  const take = (): Uint8Array => {
    const blob = blobs[next++];
    if (!blob) throw new FrameError('a search request without its query data');
    return blob;
  };
  const query: PreparedQuery = { smiles: header.smiles, shape: new Map() };
  if (header.morgan) query.morgan = { smiles: header.morgan.smiles, fingerprint: take() };
  for (const shape of header.shapes) {
    const atomicNumbers = take();
    const charges = float64s(take());
    const coordinates = float64s(take());
    const perConformer = coordinates.length / Math.max(shape.conformers, 1);
    const conformers = Array.from({ length: shape.conformers }, (_, k) => coordinates.slice(k * perConformer, (k + 1) * perConformer));
    query.shape.set(shape.key, {
      smiles: shape.smiles, chargeModel: shape.chargeModel, model: { atomicNumbers, hydrogenSites: shape.hydrogenSites, charges: Float64Array.from(charges), conformers },
      ...(shape.chargeFallback ? { chargeFallback: true } : {}),
    });
  }
  return { method: header.method, quality: header.quality, limit: header.limit, threshold: header.threshold, query, ...(header.filters ? { filters: header.filters } : {}) };
}

/** A part's answer: its hits (rows in its own numbering) or the engine's error code and message. */
export type PartSearchReply = { ok: true; hits: PartHits; passing?: number } | { ok: false; code: string; message: string };

interface ReplyHeader {
  ok: boolean;
  count?: number;
  components?: boolean;
  passing?: number;
  code?: string;
  message?: string;
}

export function encodeSearchReply(reply: PartSearchReply): Uint8Array {
  if (!reply.ok) return encodeFrame<ReplyHeader>({ ok: false, code: reply.code, message: reply.message });
  const { hits } = reply;
  const blobs: ArrayBufferView[] = [hits.rows, hits.similarities];
  if (hits.components) blobs.push(hits.components.morgan, hits.components.shape, hits.components.electrostatic);
  return encodeFrame<ReplyHeader>({ ok: true, count: hits.rows.length, components: hits.components !== undefined, ...(reply.passing === undefined ? {} : { passing: reply.passing }) }, blobs);
}

export function decodeSearchReply(bytes: Uint8Array): PartSearchReply {
  const { header, blobs } = decodeFrame<ReplyHeader>(bytes);
  if (!header.ok) return { ok: false, code: header.code ?? 'WORKER_FAILED', message: header.message ?? 'The search node failed without a message.' };
  const rows = uint32s(blobs[0]);
  const similarities = float64s(blobs[1]);
  if (rows.length !== header.count || similarities.length !== header.count) throw new FrameError('a reply whose columns disagree with its count');
  const hits: PartHits = { rows, similarities };
  if (header.components) hits.components = { morgan: float64s(blobs[2]), shape: float64s(blobs[3]), electrostatic: float64s(blobs[4]) };
  return { ok: true, hits, ...(header.passing === undefined ? {} : { passing: header.passing }) };
}
