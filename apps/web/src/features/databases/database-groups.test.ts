import type { DatabaseInfo } from '@molsearch/api';
import { describe, expect, it } from 'vitest';
import { formatMoleculeCount, groupByVendor } from './database-groups.ts';

const info = (vendor: string, count: number, email = 'N/A', badges: string[] = [vendor, 'In Stock', 'Under 1B']): DatabaseInfo => ({
  Vendor: vendor,
  Website: `https://${vendor.toLowerCase()}.example`,
  Email: email,
  'Number of molecules': count,
  display_name: `${vendor} ${count}`,
  description: `${vendor} compounds`,
  badges,
});

describe('formatMoleculeCount', () => {
  it.each([
    [950, '950'],
    [999_999, '999,999'],
    [1_000_000, '1M'],
    [37_420_000, '37.4M'],
    [1_000_000_000, '1B'],
    [48_200_000_000, '48.2B'],
  ])('shows %i as %s', (count, text) => {
    expect(formatMoleculeCount(count)).toBe(text);
  });
});

describe('groupByVendor', () => {
  it('groups databases under their configured vendor, largest first, with the first usable order address', () => {
    const groups = groupByVendor({
      'ENAMINE-REAL': info('Enamine', 6_000_000_000, 'N/A'),
      'ENAMINE-BB': info('Enamine', 53_600, 'orders@enamine.example'),
      MOLPORT: info('MolPort', 10_500),
      'LAB-X': info('Lab X', 20),
    });
    expect(groups.map((group) => [group.name, group.slug, group.molecules, group.orderEmail])).toEqual([
      ['Enamine', 'enamine', 6_000_053_600, 'orders@enamine.example'],
      ['MolPort', 'molport', 10_500, null],
      ['Lab X', 'lab-x', 20, null],
    ]);
    expect(groups[0]!.databases.map((database) => database.id)).toEqual(['ENAMINE-REAL', 'ENAMINE-BB']);
    expect(groups[0]!.logo).toBe('/logos/enamine.svg');
    expect(groups[2]!.logo).toBeNull();
    // The vendor badge is the group's heading already.
    expect(groups[1]!.databases[0]!.badges).toEqual(['In Stock', 'Under 1B']);
  });
});
