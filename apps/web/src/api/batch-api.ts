import type { BatchPageAnswer, BatchStatusAnswer, PageAnswer, SubmitBatchAnswer, SubmitBatchBody, SubmitBatchQuery } from '@molsearch/api';
import { http, HttpError } from './http.ts';
import { SUBMIT_TIMEOUT_MS } from './search-api.ts';

/** A batch file as submit_batch takes it: text as it is, an .xlsx workbook as base64. */
export async function batchFileBody(file: File): Promise<SubmitBatchBody> {
  if (!file.name.toLowerCase().endsWith('.xlsx')) return { file: { name: file.name, content: await file.text(), encoding: 'utf8' } };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { file: { name: file.name, content: btoa(binary), encoding: 'base64' } };
}

/** Submits a batch; a refusal carries the server's message for the field it names (too many queries, a bad file). */
export async function submitBatch(query: SubmitBatchQuery, body: SubmitBatchBody): Promise<SubmitBatchAnswer> {
  try {
    return await http<SubmitBatchAnswer>('/api/submit_batch', { method: 'POST', query: { ...query }, body, timeoutMs: SUBMIT_TIMEOUT_MS, callersOwn: true });
  } catch (error) {
    const detail = error instanceof HttpError ? (error.details?.[0]?.message ?? error.serverMessage) : undefined;
    throw new Error(detail ?? 'Failed to submit search job', { cause: error });
  }
}

export function getBatchStatus(batchId: string, signal?: AbortSignal): Promise<BatchStatusAnswer> {
  return http<BatchStatusAnswer>('/api/batch_status', { query: { batch_id: batchId }, signal, callersOwn: true });
}

export function getBatchPage(batchId: string, pageSize: number): Promise<BatchPageAnswer> {
  return http<BatchPageAnswer>('/api/get_batch_page', { query: { batch_id: batchId, page_num: 0, page_size: pageSize }, callersOwn: true });
}

export function getQueryHits(jobName: string, pageSize: number): Promise<PageAnswer> {
  return http<PageAnswer>('/api/get_molsearch_page', { query: { job_name: jobName, page_num: 0, page_size: pageSize }, callersOwn: true });
}

/** The address of the batch's CSV: every query's best hits with query_id and query_smiles columns. */
export function batchDownloadUrl(batchId: string): string {
  return `/api/batch_download?batch_id=${encodeURIComponent(batchId)}`;
}
