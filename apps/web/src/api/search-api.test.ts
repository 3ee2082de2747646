import { describe, expect, it } from 'vitest';
import { progressOf } from './search-api.ts';
import { progressText } from '../pages/search/job-progress.tsx';

describe('job progress', () => {
  it('reads the status texts of a job', () => {
    expect(progressOf({ status: 'QUEUED' })).toEqual({ phase: 'queued', percent: 0, database: null });
    expect(progressOf({ status: 'EXECUTING: Searching in ENAMINE-REAL (42%)' })).toEqual({ phase: 'executing', percent: 42, database: 'ENAMINE-REAL' });
    expect(progressOf({ status: 'EXECUTING' })).toEqual({ phase: 'executing', percent: 0, database: null });
    expect(progressOf({ status: 'SUCCESS' }).phase).toBe('success');
    expect(progressOf({ status: 'FAILED' }).phase).toBe('failed');
  });

  it('words the progress card as the spec does', () => {
    const base = { percent: 0, database: null, jobName: 'j', message: null };
    expect(progressText({ ...base, phase: 'queued' })).toBe('Search queued, waiting to start...');
    expect(progressText({ ...base, phase: 'executing', database: 'MOLPORT' })).toBe('Searching molecules in MOLPORT...');
    expect(progressText({ ...base, phase: 'executing' })).toBe('Executing search...');
    expect(progressText({ ...base, phase: 'success' })).toBe('Search completed successfully');
    expect(progressText({ ...base, phase: 'failed' })).toBe('Search failed');
  });
});
