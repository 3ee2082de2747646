import { ChemistryError, DEFAULT_MOLECULE_LIMITS, MORGAN_BYTES, PROPERTY_COLUMNS, graphFromRDKitJson, loadRDKit, moleculeProperties, morganFingerprint, setMoleculeLimits, withStandardMol } from '@molsearch/chem';
import type { MolGraph, MoleculeLimits, MoleculeProperties } from '@molsearch/chem';
import type { StoredProperty } from '../format/catalogue-format.ts';
import { numericProperties, textProperties } from './prepared-batch.ts';
import { modelRow, moleculeConformers } from './shape-features.ts';
import type { ShapeBuildOptions, ShapeModelRow } from './shape-features.ts';
import type { PreparedBatch } from './prepared-batch.ts';

/** One input row to prepare: what the readers give, minus the extra columns import does not store yet. */
export interface InputMolecule {
  line: number;
  smiles: string;
  id: string;
}

/** One batch of molecules to prepare, as sent to an import worker. */
export interface PrepareRequest {
  molecules: readonly InputMolecule[];
  /** Defaults to CATALOGUE_PROPERTIES. */
  properties?: readonly StoredProperty[];
  /** Build the 3D features too. */
  shape?: ShapeBuildOptions;
  /** Size limits other than the defaults; the thread that prepares the batch applies them (to all its work). */
  limits?: Partial<MoleculeLimits>;
}

/** The property columns every catalogue stores, from the ADMET panel's column list. */
export const CATALOGUE_PROPERTIES: readonly StoredProperty[] = PROPERTY_COLUMNS.map((column) => ({ key: column.key, kind: column.kind }));

/** The standardisation applied by `standardizeSmiles`, recorded in each manifest. */
export const STANDARDIZATION = 'largest organic fragment, charges neutralised where safe, RDKit canonical isomeric SMILES';

/**
 * Standardises, canonicalises, fingerprints and computes the properties of each molecule. Rows RDKit
 * cannot read, and rows over the size limits or that break the toolkit, are returned in `rejected` with
 * their line; the others keep input order. `onRow` hears the index of each row as its work starts.
 */
export async function prepareMolecules({ molecules, properties = CATALOGUE_PROPERTIES, shape, limits }: PrepareRequest, onRow?: (index: number) => void): Promise<PreparedBatch> {
  setMoleculeLimits({ ...DEFAULT_MOLECULE_LIMITS, ...limits });
  await loadRDKit();
  const numeric = numericProperties(properties);
  const text = textProperties(properties);
  const batch: PreparedBatch = { lines: [], ids: [], smiles: [], fingerprints: new Uint8Array(0), numbers: new Float32Array(0), texts: text.map(() => []), rejected: [] };
  if (shape) {
    batch.models = [];
    batch.chargeFallbacks = 0;
  }
  const fingerprints = new Uint8Array(molecules.length * MORGAN_BYTES);
  const numbers = new Float32Array(molecules.length * numeric.length);
  // Each step runs over the whole batch before the next starts: RDKit's WebAssembly, the conformer code and
  // the model code then each stay warm in the processor's caches from one row to the next, which takes about
  // an eighth off a 3D row's CPU time (npm run bench -- prepare-ab). `onRow` hears a row at each step.
  const read: (ReadRow | string)[] = [];
  for (const [index, molecule] of molecules.entries()) {
    // A row that broke the toolkit has it replaced; the next row waits for the fresh one.
    await loadRDKit();
    onRow?.(index);
    read.push(refusalOr(() => readRow(molecule.smiles) ?? 'invalid SMILES'));
  }
  const shapeModels = shape ? shapeColumns(read, shape, onRow) : undefined;
  for (const [index, molecule] of molecules.entries()) {
    const prepared = rowOf(read[index]!, shapeModels?.[index]);
    if (typeof prepared === 'string') {
      batch.rejected.push(refusedRow(molecule, prepared));
      continue;
    }
    const { standard, features, shapeModel } = prepared;
    const row = batch.ids.length;
    batch.lines.push(molecule.line);
    batch.ids.push(molecule.id);
    batch.smiles.push(standard.smiles);
    fingerprints.set(features.fingerprint, row * MORGAN_BYTES);
    numeric.forEach((property, k) => {
      numbers[row * numeric.length + k] = numericValue(features.properties, property.key);
    });
    text.forEach((property, t) => batch.texts[t]!.push(String(features.properties[property.key as keyof MoleculeProperties])));
    if (shapeModel) {
      batch.models!.push(shapeModel.model);
      if (shapeModel.chargeFallback) batch.chargeFallbacks!++;
    }
  }
  batch.fingerprints = fingerprints.slice(0, batch.ids.length * MORGAN_BYTES);
  batch.numbers = numbers.slice(0, batch.ids.length * numeric.length);
  return batch;
}

/** A row read by RDKit: its standard form, fingerprint, properties and the graph its 3D model starts from. */
interface ReadRow {
  standard: { smiles: string };
  features: { fingerprint: Uint8Array; properties: MoleculeProperties };
  graph: MolGraph;
}

/** The row's standard form, fingerprint, properties and graph; undefined when RDKit cannot read it. */
function readRow(smiles: string): ReadRow | undefined {
  // One parse (none more for an input already standard) and one graph read serve the fingerprint, the
  // properties and the 3D model.
  return withStandardMol(smiles, (standard, mol) => {
    const graph = graphFromRDKitJson(mol.get_json());
    return { standard, graph, features: { fingerprint: morganFingerprint(mol), properties: moleculeProperties(mol, graph) } };
  });
}

/** The 3D columns of each row read, conformers of every row first, then their models (or why a row was refused). */
function shapeColumns(read: readonly (ReadRow | string)[], shape: ShapeBuildOptions, onRow?: (index: number) => void): (ShapeModelRow | string)[] {
  const conformers = read.map((row, index) => {
    if (typeof row === 'string') return row;
    onRow?.(index);
    return refusalOr(() => moleculeConformers(row.standard.smiles, shape, row.graph));
  });
  return conformers.map((built, index) => {
    if (typeof built === 'string') return built;
    onRow?.(index);
    return refusalOr(() => modelRow(built, shape));
  });
}

/** The row as the batch stores it, or why it was refused. */
function rowOf(read: ReadRow | string, shapeModel: ShapeModelRow | string | undefined): { standard: { smiles: string }; features: ReadRow['features']; shapeModel?: ShapeModelRow } | string {
  if (typeof read === 'string') return read;
  if (typeof shapeModel === 'string') return shapeModel;
  return shapeModel ? { standard: read.standard, features: read.features, shapeModel } : { standard: read.standard, features: read.features };
}

/** `work`'s result, or the message of the ChemistryError that refuses the row. */
function refusalOr<T>(work: () => T): T | string {
  try {
    return work();
  } catch (error) {
    if (error instanceof ChemistryError) return error.message;
    throw error;
  }
}

function numericValue(properties: MoleculeProperties, key: string): number {
  const value = properties[key as keyof MoleculeProperties];
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' ? value : Number.NaN;
}

/** How a refused row is reported: the reason and the start of its SMILES. */
export function refusedRow(molecule: InputMolecule, reason: string): { line: number; message: string } {
  return { line: molecule.line, message: `${reason} ${JSON.stringify(clip(molecule.smiles))}` };
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
