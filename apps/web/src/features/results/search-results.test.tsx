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
  it('shows one section of 10 per database that answered, says which one failed, then pages a database 30 at a time', async () => {
    const user = userEvent.setup();
    const source = new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 65), 'ENAMINE-REAL': hitsOf('EN', 12), BROKEN: hitsOf('BR', 5) }, new Set(['BROKEN']));
    renderResults(source, search(['MOLPORT', 'ENAMINE-REAL', 'BROKEN']));

    expect(screen.getByRole('status', { name: 'Loading results' })).toBeInTheDocument();
    const molport = await screen.findByRole('group', { name: 'Top hits from MolPort' });
    expect(cardsIn(molport)).toHaveLength(10);
    expect(cardsIn(screen.getByRole('group', { name: 'Top hits from Enamine REAL' }))).toHaveLength(10);
    expect(screen.getByRole('list', { name: 'Databases without hits' })).toHaveTextContent('The hits of Broken could not be loaded. Try the search again.');
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

  it('orders the loaded hits by any of the three scores, and plots shape against electrostatics', async () => {
    const hits = hitsOf('MP', 6).map((hit, index) => ({ ...hit, scores: { morgan: hit.similarity, shape: [0.5, 0.9, 0.3, 0.7, 0.6, 0.8][index]!, electrostatic: 0.4 + index / 20 } }));
    renderResults(new InMemoryResultsSource({ MOLPORT: hits }), search(['MOLPORT']));
    const grid = await screen.findByRole('group', { name: 'Results from MolPort' });
    const order = () => cardsIn(grid).map((card) => (card.getAttribute('aria-label') ?? '').split(' ')[0]);
    expect(order()).toEqual(['MP-0001', 'MP-0002', 'MP-0003', 'MP-0004', 'MP-0005', 'MP-0006']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order by' }), 'shape');
    expect(order()).toEqual(['MP-0002', 'MP-0006', 'MP-0004', 'MP-0005', 'MP-0001', 'MP-0003']);
    await userEvent.click(screen.getByRole('button', { name: 'High to low' }));
    expect(order()[0]).toBe('MP-0003');
    // Properties are not loaded, so they are not offered.
    expect(within(screen.getByRole('combobox', { name: 'Order by' })).queryByRole('option', { name: 'Molecular weight' })).toBeNull();
    // The plot's module loads on first use: on a machine busy with other work that has taken over 10 s here.
    expect(await screen.findByRole('figure', { name: 'Shape against electrostatic score of 6 hits from MolPort' }, { timeout: 30_000 })).toBeInTheDocument();
  });

  it('says so when a database searched has no hits', async () => {
    renderResults(new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 12), 'ENAMINE-REAL': [] }), search(['MOLPORT', 'ENAMINE-REAL']));
    await screen.findByRole('group', { name: 'Top hits from MolPort' });
    expect(screen.getByRole('list', { name: 'Databases without hits' })).toHaveTextContent('No hits from Enamine REAL for this search.');
  });

  it('shows the property columns with the query\'s own values and records it', async () => {
    const user = userEvent.setup();
    const source = new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 3) });
    renderResults(source, search(['MOLPORT']));
    await screen.findByRole('group', { name: 'Results from MolPort' });
    expect(screen.queryByText('QED')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Properties' }));
    // Three hits and the query.
    await waitFor(() => expect(screen.getAllByText('QED')).toHaveLength(4));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Query molecule' })).getByText('C9H8O4')).toBeInTheDocument());
    expect(source.pageRequests.at(-1)).toMatchObject({ include_properties: true, page_num: 0 });
    expect(source.tracked.map((entry) => entry.event)).toEqual(['search', 'admet']);
  });

  it('lists the loaded hits in a table sortable by any property, the query first', async () => {
    const user = userEvent.setup();
    renderResults(new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 5) }), search(['MOLPORT']));
    await screen.findByRole('group', { name: 'Results from MolPort' });
    await user.click(screen.getByRole('switch', { name: 'Properties' }));
    await user.click(screen.getByRole('switch', { name: 'Table view' }));
    const table = await screen.findByRole('table');
    const firstColumn = () => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    await waitFor(() => expect(firstColumn()).toEqual(['Query molecule', 'MP-0001', 'MP-0002', 'MP-0003', 'MP-0004', 'MP-0005']));
    // hitsOf gives MW 180.16 + index: largest first on the first press, then smallest first.
    await user.click(within(table).getByRole('button', { name: /^MW/ }));
    expect(firstColumn()).toEqual(['Query molecule', 'MP-0005', 'MP-0004', 'MP-0003', 'MP-0002', 'MP-0001']);
    expect(within(table).getByRole('columnheader', { name: /^MW/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: /^MW/ }));
    expect(firstColumn()).toEqual(['Query molecule', 'MP-0001', 'MP-0002', 'MP-0003', 'MP-0004', 'MP-0005']);
    await user.click(within(table).getByRole('checkbox', { name: 'Select MP-0003' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('reloads the first page with the threshold after the slider settles and reports how many were found', async () => {
    const source = new InMemoryResultsSource({ MOLPORT: hitsOf('MP', 61, 0.95, 0.05) });
    renderResults(source, search(['MOLPORT']));
    await screen.findByRole('group', { name: 'Results from MolPort' });
    await waitFor(() => expect(screen.getByRole('slider', { name: 'Similarity threshold' })).toHaveAttribute('max', '0.95'));
    const before = source.pageRequests.length;

    fireEvent.change(screen.getByRole('slider', { name: 'Similarity threshold' }), { target: { value: '0.8' } });
    // 0.95 down to 0.05 in steps of 0.015: eleven hits at or above 0.80.
    expect(await screen.findAllByText('Found 11 molecules with similarity ≥ 0.800 in MolPort', {}, { timeout: 3000 })).not.toHaveLength(0);
    expect(source.pageRequests.slice(before)).toEqual([{ job_name: 'job-1', page_num: 0, page_size: 30, db_name: 'MOLPORT', include_properties: false, sim_th: 0.8 }]);
    expect(cardsIn(screen.getByRole('group', { name: 'Results from MolPort' }))).toHaveLength(11);
    expect(screen.getByText('Showing 11 of 61 molecules with similarity ≥ 0.800')).toBeInTheDocument();
  });
});
