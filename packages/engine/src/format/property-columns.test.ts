import { describe, expect, it } from 'vitest';
import type { StoredProperty } from './catalogue-format.ts';
import { encodeNumericColumn, numericColumn, numericColumnNames } from './property-columns.ts';

const COUNT: StoredProperty = { key: 'hbd', kind: 'integer' };
const FLAG: StoredProperty = { key: 'veber_pass', kind: 'boolean' };
const NUMBER: StoredProperty = { key: 'mw', kind: 'number' };

/** The values read back from the column file `values` encode to, as a catalogue listing that file reads them. */
function readBack(property: StoredProperty, values: number[]): { name: string; read: number[] } {
  const { name, bytes } = encodeNumericColumn(property, Float32Array.from(values));
  const column = numericColumn(property, (listed) => listed === name);
  expect(column.name).toBe(name);
  expect(bytes.length).toBe(values.length * column.bytesPerRow);
  return { name, read: values.map((_, row) => column.value(bytes, row)) };
}

describe('numeric property columns', () => {
  it('store counts in two bytes and flags in one, a value that could not be computed as NaN', () => {
    expect(readBack(COUNT, [0, 3, 65534, Number.NaN])).toEqual({ name: 'prop-hbd.u16', read: [0, 3, 65534, Number.NaN] });
    expect(readBack(FLAG, [1, 0, Number.NaN])).toEqual({ name: 'prop-veber_pass.u8', read: [1, 0, Number.NaN] });
  });

  it('keep f32 for other numbers and for counts their narrow type cannot hold', () => {
    expect(readBack(NUMBER, [341.5, Number.NaN])).toEqual({ name: 'prop-mw.f32', read: [341.5, Number.NaN] });
    expect(readBack(COUNT, [2, 70000])).toEqual({ name: 'prop-hbd.f32', read: [2, 70000] });
    expect(readBack(COUNT, [2, -1])).toEqual({ name: 'prop-hbd.f32', read: [2, -1] });
    expect(readBack(FLAG, [0.5])).toEqual({ name: 'prop-veber_pass.f32', read: [0.5] });
  });

  it('read the f32 column of a catalogue built before the narrow ones', () => {
    expect(numericColumnNames(COUNT)).toEqual(['prop-hbd.u16', 'prop-hbd.f32']);
    expect(numericColumn(COUNT, (name) => name === 'prop-hbd.f32')).toMatchObject({ name: 'prop-hbd.f32', bytesPerRow: 4 });
  });
});
