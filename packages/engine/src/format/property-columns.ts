import type { StoredProperty } from './catalogue-format.ts';

/**
 * How a numeric property column is stored, one value a row. Counts (integer properties) take a u16 and
 * booleans a u8, with the type's largest value standing for a value that could not be computed (NaN);
 * other numbers take an f32. Catalogues built before the narrow columns hold an f32 for every numeric
 * property, and so does a column whose values do not fit its narrow type: the reader takes whichever of
 * the files the manifest lists.
 */
export interface NumericColumn {
  name: string;
  bytesPerRow: 1 | 2 | 4;
  /** The value of `row`, from a whole column or from `bytes` holding that row alone (`row` 0). */
  value(bytes: Uint8Array, row: number): number;
}

const NARROW = { integer: { extension: 'u16', bytesPerRow: 2, missing: 0xffff }, boolean: { extension: 'u8', bytesPerRow: 1, missing: 0xff } } as const;

function floatColumn(property: StoredProperty): NumericColumn {
  return {
    name: `prop-${property.key}.f32`,
    bytesPerRow: 4,
    value: (bytes, row) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat32(4 * row, true),
  };
}

function narrowColumn(property: StoredProperty & { kind: keyof typeof NARROW }): NumericColumn {
  const { extension, bytesPerRow, missing } = NARROW[property.kind];
  return {
    name: `prop-${property.key}.${extension}`,
    bytesPerRow,
    value: (bytes, row) => {
      const stored = bytesPerRow === 1 ? bytes[row]! : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint16(2 * row, true);
      return stored === missing ? Number.NaN : stored;
    },
  };
}

function isNarrow(property: StoredProperty): property is StoredProperty & { kind: keyof typeof NARROW } {
  return property.kind === 'integer' || property.kind === 'boolean';
}

/** The column of a numeric property as a catalogue lists it (`listed` says which files its manifest has). */
export function numericColumn(property: StoredProperty, listed: (name: string) => boolean): NumericColumn {
  if (isNarrow(property)) {
    const narrow = narrowColumn(property);
    if (listed(narrow.name)) return narrow;
  }
  return floatColumn(property);
}

/** The file names a numeric property may have, the narrow one first. */
export function numericColumnNames(property: StoredProperty): string[] {
  return isNarrow(property) ? [narrowColumn(property).name, floatColumn(property).name] : [floatColumn(property).name];
}

/** A numeric property's values as their column file: narrow when every value fits the narrow type. */
export function encodeNumericColumn(property: StoredProperty, values: Float32Array): { name: string; bytes: Uint8Array } {
  if (isNarrow(property)) {
    const { bytesPerRow, missing } = NARROW[property.kind];
    const fits = values.every((value) => Number.isNaN(value) || (Number.isInteger(value) && value >= 0 && value < missing));
    if (fits) {
      const bytes = new Uint8Array(values.length * bytesPerRow);
      const view = new DataView(bytes.buffer);
      values.forEach((value, row) => {
        const stored = Number.isNaN(value) ? missing : value;
        if (bytesPerRow === 1) bytes[row] = stored;
        else view.setUint16(2 * row, stored, true);
      });
      return { name: narrowColumn(property).name, bytes };
    }
  }
  return { name: floatColumn(property).name, bytes: new Uint8Array(values.buffer, values.byteOffset, values.byteLength) };
}
