import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SupportedDatabases } from './supported-databases.tsx';

function renderWith(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SupportedDatabases />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SupportedDatabases', () => {
  it('lists databases by vendor with counts, links and the total coverage', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(['databases'], {
      'ENAMINE-REAL': {
        Vendor: 'Enamine',
        Website: 'https://enamine.net',
        Email: 'orders@enamine.example',
        'Number of molecules': 6_750_000_000,
        display_name: 'Enamine REAL',
        description: 'Make-on-demand compounds.',
        badges: ['Enamine', 'Enumerative', 'Over 1B'],
      },
      MOLPORT: {
        Vendor: 'MolPort',
        Website: 'https://www.molport.com',
        Email: 'N/A',
        'Number of molecules': 5_200_000,
        display_name: 'MolPort',
        description: 'Screening compounds.',
        badges: ['MolPort', 'In Stock', 'Under 1B'],
      },
    });
    renderWith(client);
    expect(screen.getByText(/^Total coverage:/).textContent).toBe('Total coverage: 6.8B molecules in 2 databases from 2 vendors');

    const enamine = screen.getByRole('region', { name: 'Enamine' });
    expect(within(enamine).getByText('6.8B molecules')).toBeInTheDocument();
    expect(within(enamine).getByRole('link', { name: 'Search in molsearch' })).toHaveAttribute('href', '/enamine');
    expect(within(enamine).getByRole('link', { name: 'Contact For Orders' })).toHaveAttribute('href', 'mailto:orders@enamine.example');
    expect(within(enamine).getByRole('link', { name: 'Visit Website' })).toHaveAttribute('href', 'https://enamine.net');

    const molport = screen.getByRole('region', { name: 'MolPort' });
    expect(within(molport).getByText('5.2M molecules')).toBeInTheDocument();
    expect(within(molport).queryByRole('link', { name: 'Contact For Orders' })).toBeNull();
  });

  it('says it is loading, then that it failed when the server cannot be reached', async () => {
    // jsdom has no server behind relative URLs: the request fails as an unreachable server would.
    renderWith(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    expect(screen.getByText('Loading database information...')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load database information. Please try refreshing the page.')).toBeInTheDocument();
  });
});
