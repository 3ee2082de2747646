import { describe, expect, it } from 'vitest';
import { parsePoseRecords } from './pose-records.ts';

const MOLBLOCK = (title: string) => `${title}\n  molsrch          3D\n\n  2  1  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0\n    1.5000    0.0000    0.0000 O   0  0\n  1  2  1  0\nM  END`;

describe('the pose file', () => {
  it('reads the query and the hit with their fields and per-atom charges', () => {
    const sdf = `${MOLBLOCK('query')}\n> <role>\nquery\n\n> <atom_charges>\n0.120 -0.450\n\n$$$$\n${MOLBLOCK('Z123')}\n> <role>\nhit\n\n> <shape_similarity>\n0.81\n\n> <atom_charges>\n-0.2 0.2\n\n$$$$\n`;
    const records = parsePoseRecords(sdf);
    expect(records.map((record) => record.fields.role)).toEqual(['query', 'hit']);
    expect(records[0]!.charges).toEqual([0.12, -0.45]);
    expect(records[1]!.fields.shape_similarity).toBe('0.81');
    expect(records[1]!.molblock.startsWith('Z123\n')).toBe(true);
    expect(records[1]!.molblock.trimEnd().endsWith('M  END')).toBe(true);
  });

  it('gives no charges where the field is missing, and reads CRLF files', () => {
    const records = parsePoseRecords(`${MOLBLOCK('query')}\n$$$$\n`.replace(/\n/g, '\r\n'));
    expect(records).toHaveLength(1);
    expect(records[0]!.charges).toEqual([]);
  });
});
