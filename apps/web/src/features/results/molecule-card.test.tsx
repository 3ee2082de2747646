import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MoleculeCard } from './molecule-card.tsx';
import { queryMoleculeRow } from './page-rows.ts';
import { SIMILARITY_BANDS } from './similarity-band.ts';
import type { MoleculeRow } from './results.types.ts';

const hit: MoleculeRow = {
  id: 'molport:MolPort-000-000-422:4a1531314397',
  originalId: 'MolPort-000-000-422',
  smiles: 'COc1ccccc1C(N)C(=O)O',
  database: 'MOLPORT',
  similarity: 0.7312,
  properties: { mw: 181.191, veber_pass: true },
  isQueryMolecule: false,
};

const rarity = { share: 0.0167, band: SIMILARITY_BANDS[1]! };

function Selectable({ row }: { row: MoleculeRow }): React.JSX.Element {
  const [selected, setSelected] = useState(false);
  return <MoleculeCard row={row} databaseName="MolPort" selected={selected} onToggle={() => setSelected((value) => !value)} showSimilarity columns={[]} rarity={rarity} />;
}

describe('MoleculeCard', () => {
  it('toggles selection with Enter and Space once focused from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Selectable row={hit} />);
    const card = screen.getByRole('checkbox', { name: 'MolPort-000-000-422 from MolPort, similarity 0.731, top 2 % of MolPort' });
    expect(card).toHaveAttribute('aria-checked', 'false');

    await user.tab();
    expect(card).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(card).toHaveAttribute('aria-checked', 'true');
    await user.keyboard(' ');
    expect(card).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('a');
    expect(card).toHaveAttribute('aria-checked', 'false');
    await user.click(card);
    expect(card).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the vendor id, database, drawing and the rarity of the score', () => {
    render(<Selectable row={hit} />);
    expect(screen.getByText('MolPort-000-000-422')).toBeInTheDocument();
    expect(screen.getByText('MolPort')).toBeInTheDocument();
    expect(screen.getByText('0.731')).toBeInTheDocument();
    expect(screen.getByText('top 2 %')).toBeInTheDocument();
    expect(screen.getByTitle('Highly similar: top 2 % of MolPort')).toBeInTheDocument();
    const drawing = screen.getByRole('img', { name: 'Structure of MolPort-000-000-422' });
    expect(drawing.getAttribute('src')).toBe('/api/depict?smiles=COc1ccccc1C%28N%29C%28%3DO%29O&width=280&height=200');
  });

  it('copies the SMILES of a hit without selecting it', async () => {
    const user = userEvent.setup();
    render(<Selectable row={hit} />);
    await user.click(screen.getByRole('button', { name: 'Copy SMILES of MolPort-000-000-422' }));
    expect(await navigator.clipboard.readText()).toBe('COc1ccccc1C(N)C(=O)O');
    expect(screen.getByRole('button', { name: 'Copy SMILES of MolPort-000-000-422' })).toHaveTextContent('Copied');
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-checked', 'false');
  });

  it('shows the query molecule as a labelled card that cannot be selected', () => {
    render(<MoleculeCard row={queryMoleculeRow('c1ccccc1')} databaseName="" selected={false} onToggle={() => undefined} showSimilarity columns={[]} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Query molecule')).toBeInTheDocument();
    expect(screen.getByText('c1ccccc1')).toBeInTheDocument();
  });
});
