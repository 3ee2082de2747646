import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../shared/query-client.ts';
import { SearchPanel } from './search-panel.tsx';
import { configuredDatabases } from './database-fixtures.test-data.ts';
import { SETTINGS_KEY } from '../../shared/search-settings.ts';

const databases = configuredDatabases();

function renderPanel(props: Partial<Parameters<typeof SearchPanel>[0]> = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SearchPanel databases={databases} databasesError={null} withEditor={false} {...props} />
    </QueryClientProvider>,
  );
}

const storedSettings = () => JSON.parse(sessionStorage.getItem(SETTINGS_KEY) ?? '{}') as Record<string, unknown>;

describe('search panel', () => {
  it('asks for a molecule when Search is pressed with an empty box', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid SMILES string or draw a molecule');
    expect(screen.queryByRole('heading', { name: 'Search options' })).not.toBeInTheDocument();
  });

  it('reports a structure that cannot be SMILES before anything is sent', async () => {
    const user = userEvent.setup();
    renderPanel();
    for (const text of ['C1CC(', 'CC)C', 'C1CC', 'C[NH3+', 'CC(=)C', '=CC']) {
      await user.clear(screen.getByPlaceholderText('Enter SMILES notation'));
      await user.type(screen.getByPlaceholderText('Enter SMILES notation'), `${text.replace(/[[{]/g, (bracket) => bracket + bracket)}{Enter}`);
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid SMILES structure');
      expect(screen.queryByRole('heading', { name: 'Search options' })).not.toBeInTheDocument();
    }
  });

  it('rejects characters that cannot be SMILES', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'CC(=O)O; drop{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('SMILES contains invalid characters');
    // Typing again clears the message.
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the options on the first Search, then requires a database', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'c1ccccc1O{Enter}');
    expect(screen.getByRole('heading', { name: 'Search options' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Search' })[1]!);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one database to search');
    await user.click(screen.getByRole('checkbox', { name: 'MolPort' }));
    expect(screen.queryByText('Please select at least one database to search')).not.toBeInTheDocument();
  });

  it('defaults to Electrostatic and Fast, keeps choices in session storage and resets them', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'CCO{Enter}');
    expect(screen.getByRole('radio', { name: /Electrostatic/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: /Fast/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('radio', { name: /Morgan/ }));
    await user.click(screen.getByRole('radio', { name: /Very Accurate/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Enamine REAL' }));
    expect(storedSettings()).toMatchObject({ searchMethod: 'morgan', searchQuality: 'very_accurate', selectedDatabase: ['ENAMINE-REAL'] });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(storedSettings()).toMatchObject({ searchMethod: 'espsim_electrostatic', searchQuality: 'fast', selectedDatabase: [] });
    expect(screen.getByRole('radio', { name: /Electrostatic/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('restores stored settings when the page opens again', async () => {
    sessionStorage.setItem(SETTINGS_KEY, JSON.stringify({ searchMethod: 'espsim_shape', searchQuality: 'accurate', selectedDatabase: ['MOLPORT'] }));
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'CCO{Enter}');
    expect(screen.getByRole('radio', { name: /^Shape/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: /^Accurate/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('checkbox', { name: 'MolPort' })).toHaveAttribute('aria-checked', 'true');
  });

  it('keeps a quality saved under the old name searchType and saves it as searchQuality', async () => {
    sessionStorage.setItem(SETTINGS_KEY, JSON.stringify({ searchMethod: 'morgan', searchType: 'very_accurate', selectedDatabase: [] }));
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'CCO{Enter}');
    expect(screen.getByRole('radio', { name: /^Very Accurate/ })).toHaveAttribute('aria-checked', 'true');
    expect(storedSettings()).toEqual({ searchMethod: 'morgan', searchQuality: 'very_accurate', selectedDatabase: [], computeProperties: false });
  });

  it('fills the box from a "Try:" molecule and offers no copy button for it', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Caffeine' }));
    expect(screen.getByPlaceholderText('Enter SMILES notation')).toHaveValue('Cn1c(=O)c2c(ncn2C)n(C)c1=O');
    expect(screen.queryByRole('button', { name: 'Copy SMILES' })).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'C');
    expect(screen.getByRole('button', { name: 'Copy SMILES' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByPlaceholderText('Enter SMILES notation')).toHaveValue('');
  });

  it('explains each method and quality in its info modal, and gives the focus back to the info button', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'CCO{Enter}');
    await user.click(screen.getByRole('radio', { name: /Morgan/ }));
    await user.click(screen.getByRole('button', { name: 'Search method information' }));
    const method = screen.getByRole('dialog', { name: 'Search Method Information' });
    expect(method).toHaveTextContent('radius 2 folded to 2048 bits');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Search method information' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Search quality information' }));
    const quality = screen.getByRole('dialog', { name: 'Search Quality Information' });
    expect(quality).toHaveTextContent('scores the best 5,000 candidates of each database exactly');
    expect(quality).toHaveTextContent('Morgan searches are exact at every quality');
    expect(quality).toHaveTextContent('2 × 4 (4,096 conformers); 8 × 4 (1,024 molecules)');
    // The fast row's shape share as measured, and a share just short of all never shown as 100 %.
    expect(within(quality).getByRole('row', { name: /^Fast/ })).toHaveTextContent(/5,000 \(consensus: 3,500\)\s*89 %\s*92 %/);
    expect(within(quality).getByRole('row', { name: /^Very Accurate/ })).toHaveTextContent(/35,000 \(electrostatic and consensus: 25,000\)\s*98 %\s*99 %/);
    expect(quality).toHaveTextContent('of one database of 100,000 real molecules');
    expect(quality.textContent).not.toMatch(/cluster/i);
    await user.click(within(quality).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Search quality information' })).toHaveFocus();
  });

  it("gives on each quality card the candidates of the method chosen", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'CCO{Enter}');
    const veryAccurate = () => screen.getByRole('radio', { name: /^Very Accurate/ });
    await user.click(screen.getByRole('radio', { name: /^Shape/ }));
    expect(veryAccurate()).toHaveTextContent('35,000 candidates · 15 query conformers');
    await user.click(screen.getByRole('radio', { name: /^Electrostatic/ }));
    expect(veryAccurate()).toHaveTextContent('25,000 candidates · 15 query conformers');
    await user.click(screen.getByRole('radio', { name: /^Consensus/ }));
    expect(screen.getByRole('radio', { name: /^Fast/ })).toHaveTextContent('3,500 candidates · 8 query conformers');
    await user.click(screen.getByRole('radio', { name: /^Morgan/ }));
    expect(veryAccurate()).toHaveTextContent('Morgan: exact at every quality');
  });

  it('moves the method and quality choices with the arrow keys, one tab stop per group', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'CCO{Enter}');
    const methods = within(screen.getByRole('radiogroup', { name: 'Search Method' })).getAllByRole('radio');
    expect(methods.map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1]);
    methods[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: /^Shape/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: /^Shape/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: /^Electrostatic/ })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: /^Consensus/ })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: /^Morgan/ })).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Search quality information' })).toHaveFocus();
    await user.keyboard('{Tab}{End}');
    expect(screen.getByRole('radio', { name: /^Fast/ })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('radio', { name: /^Very Accurate/ })).toHaveFocus();
    expect(storedSettings()).toMatchObject({ searchMethod: 'morgan', searchQuality: 'very_accurate' });
  });

  it('preselects and locks the only database of a vendor page', async () => {
    const user = userEvent.setup();
    const molport = databases.filter((entry) => entry.id === 'MOLPORT');
    renderPanel({ databases: molport, vendorDatabases: ['MOLPORT'] });
    await user.type(screen.getByPlaceholderText('Enter SMILES notation'), 'CCO{Enter}');
    const card = screen.getByRole('checkbox', { name: 'MolPort' });
    expect(card).toHaveAttribute('aria-checked', 'true');
    await user.click(card);
    expect(card).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('1 of 1 databases')).toBeInTheDocument();
  });
});
