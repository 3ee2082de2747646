import { decodeFrame, encodeFrame } from './frame.ts';

/** Rows of one part an API server reads after a search, to store them with the job. */
export interface PartRowsRequest {
  rows: number[];
  properties: boolean;
}

export type PropertyCell = string | number | boolean | null;

export type PartRowsReply =
  | { ok: true; smiles: string[]; ids: string[]; properties: Record<string, PropertyCell[]> }
  | { ok: false; code: string; message: string };

/** Rows asked for in one message: about 200 bytes each, well inside NATS's default 1 MB payload. */
export const ROWS_PER_REQUEST = 2000;

export const encodeRowsRequest = (request: PartRowsRequest): Uint8Array => encodeFrame(request);
export const decodeRowsRequest = (bytes: Uint8Array): PartRowsRequest => decodeFrame<PartRowsRequest>(bytes).header;
export const encodeRowsReply = (reply: PartRowsReply): Uint8Array => encodeFrame(reply);
export const decodeRowsReply = (bytes: Uint8Array): PartRowsReply => decodeFrame<PartRowsReply>(bytes).header;
