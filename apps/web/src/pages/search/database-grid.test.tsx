import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DatabaseGrid } from './database-grid.tsx';
import { formatMoleculeCount } from '../../features/databases/database-groups.ts';
import { filterDatabases, NO_FILTER } from './database-filters.ts';
import { configuredDatabases } from './database-fixtures.test-data.ts';

const databases = configuredDatabases();

function Harness({ initial = [], locked = false }: { initial?: string[]; locked?: boolean }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return <DatabaseGrid databases={locked ? databases.slice(0, 1) : databases} selected={selected} onChange={setSelected} locked={locked} />;
}

const cardNames = () => screen.getAllByRole('checkbox', { checked: undefined }).filter((element) => element.hasAttribute('data-database')).map((card) => card.getAttribute('data-database'));

async function chooseOption(user: ReturnType<typeof userEvent.setup>, filter: 'Vendors' | 'Tags', option: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${filter}`) }));
  const list = await screen.findByRole('dialog', { name: filter });
  await user.click(within(list).getByText(option));
  await user.keyboard('{Escape}');
}

describe('database filters', () => {
  it('matches every tag against the badges exactly, including Fragment-Based, Under 1B and Over 1B', () => {
    const byTag = (tag: string) => filterDatabases(databases, { ...NO_FILTER, tags: [tag] }).map((entry) => entry.id);
    expect(byTag('Fragment-Based').sort()).toEqual(['ENAMINE-DSIP', 'ZINC15-FRAGMENTS']);
    expect(byTag('Over 1B').sort()).toEqual(['CHEMRIYA', 'CHEMSPACE-10B-RO5', 'ENAMINE-REAL', 'EXPLORE-ENUMERATED', 'ZINC15']);
    expect(byTag('Under 1B')).toHaveLength(databases.length - 5);
    expect(byTag('In Stock')).toContain('MOLPORT');
    expect(byTag('In Stock')).not.toContain('ENAMINE-REAL');
    // Several tags: all must match.
    expect(filterDatabases(databases, { ...NO_FILTER, tags: ['Enumerative', 'Over 1B'] }).map((entry) => entry.id)).not.toContain('SYNPLE-1B');
  });

  it('shows molecule counts with M and B', () => {
    expect(formatMoleculeCount(5_500_000_000)).toBe('5.5B');
    expect(formatMoleculeCount(1_000_000_000)).toBe('1B');
    expect(formatMoleculeCount(2_345_678)).toBe('2.3M');
    expect(formatMoleculeCount(60)).toBe('60');
  });

  it('filters the cards by tag in the grid', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(cardNames()).toHaveLength(databases.length);
    await chooseOption(user, 'Tags', 'Fragment-Based');
    expect(cardNames().sort()).toEqual(['ENAMINE-DSIP', 'ZINC15-FRAGMENTS']);
  });

  it('filters by vendor and by text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await chooseOption(user, 'Vendors', 'Enamine');
    expect(cardNames().sort()).toEqual(['ENAMINE-BB', 'ENAMINE-DSIP', 'ENAMINE-REAL']);
    await user.type(screen.getByPlaceholderText('Search databases...'), 'fragment');
    expect(cardNames()).toEqual(['ENAMINE-DSIP']);
  });

  it('shows up to three chips, then "+N more"', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    for (const vendor of ['Enamine', 'Mcule', 'MolPort', 'ZINC', 'Chemspace']) await chooseOption(user, 'Vendors', vendor);
    const trigger = screen.getByRole('button', { name: /^Vendors/ });
    expect(trigger).toHaveTextContent('+2 more');
    expect(within(trigger).getByText('Enamine')).toBeInTheDocument();
    expect(within(trigger).queryByText('ZINC')).not.toBeInTheDocument();
  });

  it('selects all filtered databases and counts "N of M databases"', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['MOLPORT']} />);
    expect(screen.getByText(`1 of ${databases.length} databases`)).toBeInTheDocument();
    await chooseOption(user, 'Vendors', 'Enamine');
    await user.click(screen.getByLabelText('Select All Filtered Databases'));
    expect(screen.getByText(`4 of ${databases.length} databases`)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Select All Filtered Databases'));
    expect(screen.getByText(`1 of ${databases.length} databases`)).toBeInTheDocument();
  });

  it('toggles a card with Enter and Space', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const card = screen.getByRole('checkbox', { name: 'MolPort' });
    card.focus();
    await user.keyboard('{Enter}');
    expect(card).toHaveAttribute('aria-checked', 'true');
    await user.keyboard(' ');
    expect(card).toHaveAttribute('aria-checked', 'false');
    await user.click(card);
    expect(card).toHaveAttribute('aria-checked', 'true');
  });

  it('shows a database the server cannot search with its reason, and never selects it', async () => {
    const user = userEvent.setup();
    const [damaged, healthy] = databases;
    const reason = `The database ${damaged!.id} is damaged and cannot be searched until it is imported again. (CATALOGUE_CORRUPT)`;
    const listed = [{ ...damaged!, info: { ...damaged!.info, available: false, unavailable_reason: reason } }, healthy!];
    function Listed() {
      const [selected, setSelected] = useState<string[]>([]);
      return <DatabaseGrid databases={listed} selected={selected} onChange={setSelected} />;
    }
    render(<Listed />);
    const card = screen.getByRole('checkbox', { name: damaged!.info.display_name });
    expect(card).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('note')).toHaveTextContent(`Unavailable: ${reason}`);
    await user.click(card);
    expect(card).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByLabelText('Select All Filtered Databases'));
    expect(card).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('checkbox', { name: healthy!.info.display_name })).toHaveAttribute('aria-checked', 'true');
  });

  it('keeps a locked single database selected', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[databases[0]!.id]} locked />);
    const card = screen.getByRole('checkbox', { name: databases[0]!.info.display_name });
    await user.click(card);
    card.focus();
    await user.keyboard(' ');
    expect(card).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByPlaceholderText('Search databases...')).not.toBeInTheDocument();
  });
});
