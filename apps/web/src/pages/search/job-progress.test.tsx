import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobProgress, progressText } from './job-progress.tsx';

const base = { percent: 0, database: null, jobName: 'j', message: null };
const labelOf = (id: string) => (id === 'MOLPORT' ? 'MolPort' : id);

describe('job progress card', () => {
  it('words the progress card as the spec does', () => {
    expect(progressText({ ...base, phase: 'queued' })).toBe('Search queued, waiting to start...');
    expect(progressText({ ...base, phase: 'executing', database: 'MOLPORT' })).toBe('Searching molecules in MOLPORT...');
    expect(progressText({ ...base, phase: 'executing', database: 'MOLPORT' }, labelOf)).toBe('Searching molecules in MolPort...');
    expect(progressText({ ...base, phase: 'executing' })).toBe('Executing search...');
    expect(progressText({ ...base, phase: 'success' })).toBe('Search completed successfully');
    expect(progressText({ ...base, phase: 'failed' })).toBe('Search failed');
  });

  it('names the database by its display name and shows the percentage from the start of a job', () => {
    const { rerender } = render(<JobProgress state={{ ...base, phase: 'executing', database: 'MOLPORT' }} labelOf={labelOf} />);
    const card = screen.getByRole('region', { name: 'Search progress' });
    expect(card).toHaveTextContent('Searching molecules in MolPort...');
    expect(card).toHaveTextContent('0%');
    rerender(<JobProgress state={{ ...base, phase: 'executing', database: 'MOLPORT', percent: 42 }} labelOf={labelOf} />);
    expect(card).toHaveTextContent('42%');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
  });
});
