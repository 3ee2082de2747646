import { describe, expect, it } from 'vitest';
import { progressOf } from './search-api.ts';

describe('job progress', () => {
  it('reads the status texts of a job', () => {
    expect(progressOf({ status: 'QUEUED' })).toEqual({ phase: 'queued', percent: 0, database: null });
    expect(progressOf({ status: 'EXECUTING: Searching in ENAMINE-REAL (42%)' })).toEqual({ phase: 'executing', percent: 42, database: 'ENAMINE-REAL' });
    expect(progressOf({ status: 'EXECUTING' })).toEqual({ phase: 'executing', percent: 0, database: null });
    expect(progressOf({ status: 'SUCCESS' }).phase).toBe('success');
    expect(progressOf({ status: 'FAILED' }).phase).toBe('failed');
  });
});
