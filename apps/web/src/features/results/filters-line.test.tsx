import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobStatusAnswer } from '@molsearch/api';
import { FiltersLine } from './filters-line.tsx';

function renderLine(status: Partial<JobStatusAnswer>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['job-status', 'job-1'], { job_name: 'job-1', status: 'SUCCESS', percent: 100, database: null, reason: null, num_results: 10, filters: {}, notes: [], partial: false, ...status });
  return render(
    <QueryClientProvider client={client}>
      <FiltersLine jobName="job-1" />
    </QueryClientProvider>,
  );
}

describe('FiltersLine', () => {
  it('says loudly that a search lacks the hits of a catalogue part no search node answered for', () => {
    renderLine({ partial: true, notes: ['partial: part 1 of 2 of CAT unavailable; its hits are those of the other parts.'] });
    expect(screen.getByRole('alert')).toHaveTextContent('Partial results: part 1 of 2 of CAT unavailable; its hits are those of the other parts.');
  });

  it('shows nothing for a whole search without filters', () => {
    const { container } = renderLine({});
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
