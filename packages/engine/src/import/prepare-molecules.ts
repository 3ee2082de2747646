import { MORGAN_BYTES, PROPERTY_COLUMNS, loadRDKit, moleculeProperties, morganFingerprint, standardizeSmiles, withMol } from '@molsearch/chem';
import type { MoleculeProperties } from '@molsearch/chem';
import type { StoredProperty } from '../catalogue/catalogue-format.ts';
import { numericProperties, textProperties } from '../catalogue/prepared-batch.ts';
import { encodedShape } from './prepare-shape.ts';
import type { ShapeBuildOptions } from './prepare-shape.ts';
import type { PreparedBatch } from '../catalogue/prepared-batch.ts';

/** One input row to prepare: what the readers give, minus the extra columns import does not store yet. */
export interface InputMolecule {
  line: number;
  smiles: string;
  id: string;
}

/** The property columns every catalogue stores, from the ADMET panel's column list. */
export const CATALOGUE_PROPERTIES: readonly StoredProperty[] = PROPERTY_COLUMNS.map((column) => ({ key: column.key, kind: column.kind }));

/** The standardisation applied by `standardizeSmiles`, recorded in each manifest. */
export const STANDARDIZATION = 'largest organic fragment, charges neutralised where safe, RDKit canonical isomeric SMILES';

/**
 * Standardises, canonicalises, fingerprints and computes the properties of each molecule. Rows RDKit
 * cannot read are returned in `rejected` with their line; the others keep input order.
 */
export async function prepareMolecules(
  molecules: readonly InputMolecule[],
  properties: readonly StoredProperty[] = CATALOGUE_PROPERTIES,
  shape?: ShapeBuildOptions,
): Promise<PreparedBatch> {
  await loadRDKit();
  const numeric = numericProperties(properties);
  const text = textProperties(properties);
  const batch: PreparedBatch = { lines: [], ids: [], smiles: [], fingerprints: new Uint8Array(0), numbers: new Float32Array(0), texts: text.map(() => []), rejected: [] };
  if (shape) batch.shapes = [];
  const fingerprints = new Uint8Array(molecules.length * MORGAN_BYTES);
  const numbers = new Float32Array(molecules.length * numeric.length);
  for (const molecule of molecules) {
    const standard = standardizeSmiles(molecule.smiles);
    const features = standard && withMol(standard.smiles, (mol) => ({ fingerprint: morganFingerprint(mol), properties: moleculeProperties(mol) }));
    if (!standard || !features) {
      batch.rejected.push({ line: molecule.line, message: `invalid SMILES ${JSON.stringify(clip(molecule.smiles))}` });
      continue;
    }
    const row = batch.ids.length;
    batch.lines.push(molecule.line);
    batch.ids.push(molecule.id);
    batch.smiles.push(standard.smiles);
    fingerprints.set(features.fingerprint, row * MORGAN_BYTES);
    numeric.forEach((property, k) => {
      numbers[row * numeric.length + k] = numericValue(features.properties, property.key);
    });
    text.forEach((property, t) => batch.texts[t]!.push(String(features.properties[property.key as keyof MoleculeProperties])));
    if (shape) batch.shapes!.push(encodedShape(standard.smiles, shape));
  }
  batch.fingerprints = fingerprints.slice(0, batch.ids.length * MORGAN_BYTES);
  batch.numbers = numbers.slice(0, batch.ids.length * numeric.length);
  return batch;
}

function numericValue(properties: MoleculeProperties, key: string): number {
  const value = properties[key as keyof MoleculeProperties];
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? value : Number.NaN;
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
