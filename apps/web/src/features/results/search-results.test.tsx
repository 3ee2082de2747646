import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeAll, describe, expect, it } from 'vitest';
import { InMemoryResultsSource, hitsOf } from './in-memory-results-source.ts';
import { ResultsSourceContext } from './results-source.ts';
import { SearchResults } from './search-results.tsx';
import type { SubmittedSearch } from './search-results.tsx';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
});

const info = (name: string, vendor: string) => ({
  Vendor: vendor,
  Website: `https://${vendor.toLowerCase()}.example`,
  Email: 'N/A',
  'Number of molecules': 1000,
  display_name: name,
  description: '',
  badges: [],
});

function renderResults(source: InMemoryResultsSource, search: SubmittedSearch) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['databases'], { MOLPORT: info('MolPort', 'MolPort'), 'ENAMINE-REAL': info('Enamine REAL', 'Enamine'), BROKEN: info('Broken', 'Nobody') });
  return render(
    <QueryClientProvider client={client}>
      <ResultsSourceContext.Provider value={source}>
        <SearchResults search={search} onModify={() => undefined} onNewSearch={() => undefined} />
        <Toaster />
      </ResultsSourceContext.Provider>
    </QueryClientProvider>,
  );
}

const search = (databases: string[]): SubmittedSearch => ({ jobName: 'job-1', smiles: 'CC(=O)Oc1ccccc1C(=O)O', method: 'morgan', quality: 'fast', databases });

const cardsIn = (region: HTMLElement) => within(region).getAllByRole('checkbox');

// Several user steps each; the limit only guards against a hang on a loaded machine.
describe('SearchResults', { timeout: 30_000 }, () => {
  it('shows one section of 10 per database that answered, skipping a failing one, then pages a database 30 at a time', async () => {
    const user = userEvent.setup();
    const source = new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 65), 'ENAMINE-REAL': hitsOf('EN', 12), BROKEN: hitsOf('BR', 5) }, new Set(['BROKEN']));
    renderResults(source, search(['MOLPORT', 'ENAMINE-REAL', 'BROKEN']));

    expect(screen.getByRole('status', { name: 'Loading results' })).toBeInTheDocument();
    const molport = await screen.findByRole('group', { name: 'Top hits from MolPort' });
    expect(cardsIn(molport)).toHaveLength(10);
    expect(cardsIn(screen.getByRole('group', { name: 'Top hits from Enamine REAL' }))).toHaveLength(10);
    expect(screen.queryByText('Broken')).toBeNull();
    expect(screen.getByLabelText('Query molecule')).toBeInTheDocument();
    expect(source.pageRequests.filter((request) => request.page_num === 0).map((request) => [request.db_name, request.page_size])).toEqual([
      ['MOLPORT', 10],
      ['ENAMINE-REAL', 10],
      ['BROKEN', 10],
    ]);
    expect(source.tracked).toEqual([{ event: 'search', jobName: 'job-1' }]);

    await user.click(screen.getByRole('button', { name: 'View all results from MolPort' }));
    const grid = await screen.findByRole('group', { name: 'Results from MolPort' });
    expect(grid.firstElementChild).toHaveAttribute('data-query-molecule', 'true');
    expect(cardsIn(grid)).toHaveLength(30);
    expect(source.pageRequests.at(-1)).toMatchObject({ db_name: 'MOLPORT', page_num: 0, page_size: 30 });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByText('Loaded 30 more molecules from MolPort')).not.toHaveLength(0);
    expect(cardsIn(screen.getByRole('group', { name: 'Results from MolPort' }))).toHaveLength(60);
    expect(source.pageRequests.at(-1)).toMatchObject({ db_name: 'MOLPORT', page_num: 1, page_size: 30 });

    // A short page is the last one: the button gives way to the closing line.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByText('Loaded 5 more molecules from MolPort')).not.toHaveLength(0);
    expect(cardsIn(screen.getByRole('group', { name: 'Results from MolPort' }))).toHaveLength(65);
    expect(screen.getByText('All molecules loaded from MolPort')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '← All databases' }));
    expect(await screen.findByRole('group', { name: 'Top hits from Enamine REAL' })).toBeInTheDocument();
  });

  it('reports "All results loaded" when a further page comes back empty', async () => {
    const user = userEvent.setup();
    const source = new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 60) });
    renderResults(source, search(['MOLPORT']));
    await screen.findByRole('group', { name: 'Results from MolPort' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findAllByText('Loaded 30 more molecules from MolPort');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByText('All results loaded from MolPort')).not.toHaveLength(0);
    expect(screen.getByText('All molecules loaded from MolPort')).toBeInTheDocument();
    expect(cardsIn(screen.getByRole('group', { name: 'Results from MolPort' }))).toHaveLength(60);
  });

  it('opens the database view directly for one database, and says "No results found" when it has none', async () => {
    const source = new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 7) });
    const view = renderResults(source, search(['MOLPORT']));
    const grid = await screen.findByRole('group', { name: 'Results from MolPort' });
    expect(cardsIn(grid)).toHaveLength(7);
    expect(source.pageRequests).toEqual([{ job_name: 'job-1', page_num: 0, page_size: 30, db_name: 'MOLPORT', include_properties: false }]);
    expect(screen.getByText('All molecules loaded from MolPort')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '← All databases' })).toBeNull();
    view.unmount();

    renderResults(new InMemoryResultsSource({ MOLPORT: [] }), search(['MOLPORT']));
    await waitFor(() => expect(screen.getAllByText('No results found').length).toBeGreaterThan(0));
  });

  it('shows property columns with the ADMET toggle and records it', async () => {
    const user = userEvent.setup();
    const source = new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 3) });
    renderResults(source, search(['MOLPORT']));
    await screen.findByRole('group', { name: 'Results from MolPort' });
    expect(screen.queryByText('QED')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'ADMET properties' }));
    await waitFor(() => expect(screen.getAllByText('QED')).toHaveLength(3));
    expect(screen.getAllByText('180.16')).toHaveLength(1);
    expect(source.pageRequests.at(-1)).toMatchObject({ include_properties: true, page_num: 0 });
    expect(source.tracked.map((entry) => entry.event)).toEqual(['search', 'admet']);
  });

  it('reloads the first page with the threshold after the slider settles and reports how many were found', async () => {
    const source = new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 61, 0.95, 0.05) });
    renderResults(source, search(['MOLPORT']));
    await screen.findByRole('group', { name: 'Results from MolPort' });
    await waitFor(() => expect(screen.getByRole('slider', { name: 'Similarity threshold' })).toHaveAttribute('max', '0.94'));
    const before = source.pageRequests.length;

    fireEvent.change(screen.getByRole('slider', { name: 'Similarity threshold' }), { target: { value: '0.8' } });
    // 0.95 down to 0.05 in steps of 0.015: eleven hits at or above 0.80.
    expect(await screen.findAllByText('Found 11 molecules with similarity ≥ 0.800 in MolPort', {}, { timeout: 3000 })).not.toHaveLength(0);
    expect(source.pageRequests.slice(before)).toEqual([{ job_name: 'job-1', page_num: 0, page_size: 30, db_name: 'MOLPORT', include_properties: false, sim_th: 0.8 }]);
    expect(cardsIn(screen.getByRole('group', { name: 'Results from MolPort' }))).toHaveLength(11);
    expect(screen.getByText('Showing 11 of 61 molecules with similarity ≥ 0.800')).toBeInTheDocument();
  });
});
