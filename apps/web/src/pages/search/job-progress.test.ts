import { describe, expect, it } from 'vitest';
import { progressText } from './job-progress.tsx';

describe('job progress card', () => {
  it('words the progress card as the spec does', () => {
    const base = { percent: 0, database: null, jobName: 'j', message: null };
    expect(progressText({ ...base, phase: 'queued' })).toBe('Search queued, waiting to start...');
    expect(progressText({ ...base, phase: 'executing', database: 'MOLPORT' })).toBe('Searching molecules in MOLPORT...');
    expect(progressText({ ...base, phase: 'executing' })).toBe('Executing search...');
    expect(progressText({ ...base, phase: 'success' })).toBe('Search completed successfully');
    expect(progressText({ ...base, phase: 'failed' })).toBe('Search failed');
  });
});
