import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filterQuery } from './filter-state.ts';
import type { FilterState } from './filter-state.ts';
import { FiltersSection } from './filters-section.tsx';

let latest: FilterState = EMPTY_FILTERS;

function Harness(): React.JSX.Element {
  const [filters, setFilters] = useState<FilterState>(EMPTY_FILTERS);
  latest = filters;
  return <FiltersSection filters={filters} onChange={setFilters} />;
}

describe('the Filters section', () => {
  it('starts collapsed with none active, and counts what is set', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: /Filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('none active');
    expect(screen.queryByRole('textbox', { name: 'MW maximum' })).not.toBeInTheDocument();

    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'MW maximum' }), '400');
    await user.type(screen.getByRole('textbox', { name: 'cLogP minimum' }), '1.5');
    await user.click(screen.getByRole('checkbox', { name: /Lipinski pass/ }));
    await user.click(screen.getByRole('checkbox', { name: /Exclude PAINS/ }));
    await user.type(screen.getByRole('textbox', { name: /Required substructure/ }), 'c1ccccc1N');
    expect(toggle).toHaveTextContent('5 active');

    expect(filterQuery(latest)).toEqual({ mw_max: 400, clogp_min: 1.5, lipinski: true, veber: false, exclude_pains: true, substructure: 'c1ccccc1N' });
    // Collapsing keeps what was typed.
    await user.click(toggle);
    await user.click(toggle);
    expect(screen.getByRole('textbox', { name: 'MW maximum' })).toHaveValue('400');
  });
});
