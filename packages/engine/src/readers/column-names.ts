// Header names seen in vendor catalogues and common exports, in order of preference: when a file has both
// `SMILES` and `SMILES_CANONICAL` (MolPort), or `BB_SMILES` and `truncate_SMILES` (Enamine), the first wins.
const SMILES_NAMES = [
  'smiles',
  'canonical_smiles',
  'isomeric_smiles',
  'smiles_canonical',
  'smiles_isomeric',
  'bb_smiles',
  'mol_smiles',
  'smiles_string',
  'smi',
  'structure',
];

const ID_NAMES = [
  'id',
  'idnumber',
  'compound_id',
  'compound',
  'zinc_id',
  'zincid',
  'molportid',
  'molport_id',
  'chemspace_id',
  'catalog_id',
  'catalogue_id',
  'catalog_number',
  'catalog_no',
  'cat_no',
  'vendor_id',
  'supplier_id',
  'product_id',
  'mol_id',
  'molecule_id',
  'molecule_chembl_id',
  'chembl_id',
  'wxid',
  'identifier',
  'drugcentral_id',
  'cid',
  'name',
  'title',
  'compound_name',
  'molecule_name',
];

function normalise(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

function findColumn(headers: readonly string[], preferred: readonly string[], fallback: (name: string) => boolean): number | undefined {
  const names = headers.map(normalise);
  for (const wanted of preferred) {
    const index = names.indexOf(wanted);
    if (index >= 0) return index;
  }
  const index = names.findIndex(fallback);
  return index >= 0 ? index : undefined;
}

/** Index of the SMILES column, or undefined when no header looks like one. */
export function findSmilesColumn(headers: readonly string[]): number | undefined {
  return findColumn(headers, SMILES_NAMES, (name) => name.includes('smiles'));
}

/** Index of the compound id column, or undefined (ids are then generated from line numbers). */
export function findIdColumn(headers: readonly string[]): number | undefined {
  return findColumn(headers, ID_NAMES, (name) => /(^|_)id$/.test(name));
}

/** Index of a column the user named, matched case-insensitively. */
export function findNamedColumn(headers: readonly string[], name: string): number | undefined {
  return findColumn(headers, [normalise(name)], () => false);
}

/** Whether a first line of a `.smi` file is a header such as `smiles id` rather than a molecule. */
export function isSmilesHeaderToken(token: string): boolean {
  const name = normalise(token);
  return SMILES_NAMES.includes(name) || name.includes('smiles');
}
