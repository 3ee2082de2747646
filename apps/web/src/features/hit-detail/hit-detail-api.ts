import type { HitAnswer, HitQuery } from '@molsearch/api';
import { buildUrl, http } from '../../api/http.ts';

/** GET /api/get_hit: one hit with its three scores and property columns. */
export function getHit(query: HitQuery, signal?: AbortSignal): Promise<HitAnswer> {
  return http<HitAnswer>('/api/get_hit', { query: { ...query }, signal, timeoutMs: 60_000 });
}

/** URL of GET /api/get_hit_pose: the query and the hit aligned, as a two-record SD file. */
export function hitPoseUrl(query: HitQuery): string {
  return buildUrl('/api/get_hit_pose', { ...query });
}

/** The pose file's text (the viewer reads it; "Download pose" links to the same URL). */
export function getHitPose(query: HitQuery, signal?: AbortSignal): Promise<string> {
  return http<string>('/api/get_hit_pose', { query: { ...query }, signal, timeoutMs: 60_000 });
}

/** Where a hit's detail view lives, so it can be shared and reloaded. */
export function hitDetailPath(query: HitQuery): string {
  return `/hits/${encodeURIComponent(query.job_name)}/${encodeURIComponent(query.db_name)}/${encodeURIComponent(query.id)}`;
}

/** OpenChemLib's predictions of one molecule (GET /api/predictions). */
export interface Predictions {
  logS: number;
  druglikeness?: number;
  mutagenic?: string;
  tumorigenic?: string;
  irritant?: string;
  reproductiveEffective?: string;
}

export function getPredictions(smiles: string, signal?: AbortSignal): Promise<Predictions> {
  return http<Predictions>('/api/predictions', { query: { smiles }, signal, timeoutMs: 60_000 });
}
