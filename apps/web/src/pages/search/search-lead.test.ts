import { describe, expect, it } from 'vitest';
import { configuredDatabases } from './database-fixtures.test-data.ts';
import { searchLead, searchableCoverage } from './search-lead.ts';

describe('searchLead', () => {
  it('counts databases in the singular and the plural', () => {
    expect(searchLead(undefined, { databases: 1, molecules: 4999 })).toBe('Compare by electrostatics, 3D shape or Morgan fingerprints across 1 vendor database with 4,999 molecules.');
    expect(searchLead(undefined, { databases: 11, molecules: 10_768 })).toContain('across 11 vendor databases with 10,768 molecules');
    expect(searchLead(undefined, null)).toBe('Compare by electrostatics, 3D shape or Morgan fingerprints across vendor catalogues.');
  });

  it('calls a vendor\'s sets its catalogues, not purchasable compounds', () => {
    const lead = searchLead('NCI DTP', { databases: 1, molecules: 4999 });
    expect(lead).toBe("Find molecules similar to yours in NCI DTP's catalogues — 1 database, 4,999 molecules.");
    expect(lead).not.toContain('purchasable');
  });

  it('counts only the databases that can be searched, and their molecules', () => {
    const entries = configuredDatabases().slice(0, 3);
    const [first, second, third] = entries.map((entry) => entry.info['Number of molecules']);
    expect(searchableCoverage(entries)).toEqual({ databases: 3, molecules: first! + second! + third! });
    entries[1] = { ...entries[1]!, info: { ...entries[1]!.info, available: false, unavailable_reason: 'The database is damaged.' } };
    expect(searchableCoverage(entries)).toEqual({ databases: 2, molecules: first! + third! });
  });
});
