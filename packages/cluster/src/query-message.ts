import type { PreparedQuery, ShapeQuery } from '@molsearch/engine';
import { FrameError, float64s } from './frame.ts';

interface ShapeHeader {
  key: string;
  smiles: string;
  chargeModel: ShapeQuery['chargeModel'];
  chargeFallback?: boolean;
  hydrogenSites: number;
  conformers: number;
}

/** A prepared query's part of a message header; its fingerprint and 3D models travel as blobs. */
export interface QueryHeader {
  smiles: string;
  morgan?: { smiles: string };
  shapes: ShapeHeader[];
}

/**
 * The query as a header and blobs. The 3D queries travel exactly (float64 charges and coordinates, unlike
 * the catalogue's quantised models), so a node scores with the very query a single process would.
 */
export function encodeQuery(query: PreparedQuery): { header: QueryHeader; blobs: ArrayBufferView[] } {
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
  return { header: { smiles: query.smiles, shapes, ...(query.morgan ? { morgan: { smiles: query.morgan.smiles } } : {}) }, blobs };
}

/** The query of `header` from `blobs`, which start with its own. */
export function decodeQuery(header: QueryHeader, blobs: readonly Uint8Array[]): PreparedQuery {
  if (typeof header.smiles !== 'string' || !Array.isArray(header.shapes)) throw new FrameError('a request without its query');
  let next = 0;
  const take = (): Uint8Array => {
    const blob = blobs[next++];
    if (!blob) throw new FrameError('a request without its query data');
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
  return query;
}
