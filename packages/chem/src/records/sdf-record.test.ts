import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from '../rdkit.ts';
import { sdfRecord } from './sdf-record.ts';
import { smilesLine } from './smiles-line.ts';

beforeAll(async () => {
  await loadRDKit();
});

/** Records as a reader splits them: at every line that starts with $$$$. */
function records(text: string): string[] {
  return text.split(/^\$\$\$\$\n/m).filter((record) => record.length > 0);
}

describe('sdfRecord', () => {
  it('draws 2D coordinates from the SMILES, titles the record and writes the fields as data items', () => {
    const record = sdfRecord({ title: 'Z1234', smiles: 'CCO', fields: [['id', 'a:b:c'], ['similarity', 0.5], ['missing', null]] });
    expect(record.endsWith('$$$$\n')).toBe(true);
    expect(record.split('\n')[0]).toBe('Z1234');
    expect(record).toContain('> <id>\na:b:c\n\n> <similarity>\n0.5\n\n$$$$\n');
    expect(record).not.toContain('missing');
    expect(withMol(record.slice(0, record.indexOf('M  END') + 6), (mol) => mol.get_smiles())).toBe('CCO');
  });

  it('keeps ids with line breaks, tabs or a leading $$$$ from splitting or ending a record', () => {
    const ids = ['two\nlines', 'a\tb', 'c\r\nd', '$$$$', '$$$$ and more'];
    const text = ids.map((id) => sdfRecord({ title: id, smiles: 'c1ccccc1', fields: [['db_id', id]] })).join('');
    const parsed = records(text);
    expect(parsed).toHaveLength(ids.length);
    parsed.forEach((record, index) => {
      const written = ids[index]!.replace(/[\t\r\n]+/g, ' ');
      expect(record.split('\n')[0]!.trim()).toBe(written);
      expect(record).toContain(`> <db_id>\n${written.startsWith('$$$$') ? ' ' : ''}${written}\n\n`);
    });
  });

  it('writes an empty but readable molblock for a structure RDKit cannot draw', () => {
    const record = sdfRecord({ title: 'bad', smiles: 'not a smiles' });
    expect(record.split('\n')[3]).toMatch(/^ {2}0 {2}0 .*V2000$/);
  });
});

describe('smilesLine', () => {
  it('writes one line, structure then name, whatever the name holds', () => {
    expect(smilesLine('CCO', 'Z1234')).toBe('CCO\tZ1234\n');
    expect(smilesLine('CCO', 'two\nlines\tand a tab')).toBe('CCO\ttwo lines and a tab\n');
  });
});
