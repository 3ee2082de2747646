import type { StoredProperty } from '../format/catalogue-format.ts';

/** Molecules of one input batch after standardisation, fingerprinting and properties; rows in input order. */
export interface PreparedBatch {
  lines: number[];
  ids: string[];
  smiles: string[];
  /** rows x 256 bytes. */
  fingerprints: Uint8Array;
  /** rows x numeric property count, row-major, in the order of the catalogue's numeric properties. */
  numbers: Float32Array;
  /** One array of rows strings per text property. */
  texts: string[][];
  /** Encoded 3D model per row (empty when no conformer could be built), when the import builds the 3D columns. */
  models?: Uint8Array[];
  /** Rows whose 3D model has Gasteiger charges because MMFF94 could not type the molecule, with the 3D columns. */
  chargeFallbacks?: number;
  /** Rows that failed, reported by input line. */
  rejected: { line: number; message: string }[];
}

export function numericProperties(properties: readonly StoredProperty[]): StoredProperty[] {
  return properties.filter((property) => property.kind !== 'text');
}

export function textProperties(properties: readonly StoredProperty[]): StoredProperty[] {
  return properties.filter((property) => property.kind === 'text');
}
