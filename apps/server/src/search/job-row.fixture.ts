import { QUEUED_JOB_STATE } from './job.repository.ts';
import type { JobRow } from './job.repository.ts';

/** A queued Morgan search of `principal` created at `createdAt`, as the store tests insert it; `overrides` set any column. */
export function queuedJob(id: string, principal: string, createdAt: number, overrides: Partial<JobRow> = {}): JobRow {
  return {
    id,
    principal_id: principal,
    principal_tier: 'anonymous',
    client_address: null,
    search_input: 'c1ccccc1O',
    search_type: 'morgan',
    search_quality: 'fast',
    db_names: JSON.stringify(['ENAMINE-REAL']),
    compute_properties: 0,
    ...QUEUED_JOB_STATE,
    created_at: createdAt,
    ...overrides,
  };
}
