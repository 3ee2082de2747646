import { HIT_SCORE_FIELDS } from '@molsearch/api';
import type { PageAnswer } from '@molsearch/api';
import type { MoleculeRow, PropertyValue } from './results.types.ts';

const CORE_COLUMNS = new Set<string>(['smiles', 'id', 'database', 'db_id', 'similarity', ...HIT_SCORE_FIELDS]);

/** The id the query molecule's pseudo-row carries (spec section 3). */
export const QUERY_MOLECULE_ID = 'Query Molecule';

/** Turns the parallel arrays of a page answer into one row per hit, in answer order. */
export function pageToRows(page: PageAnswer): MoleculeRow[] {
  const propertyKeys = Object.keys(page).filter((key) => !CORE_COLUMNS.has(key) && Array.isArray(page[key]));
  return page.smiles.map((smiles, index) => {
    const properties: Record<string, PropertyValue> = {};
    for (const key of propertyKeys) properties[key] = page[key]![index] ?? null;
    return {
      id: page.id[index] ?? `${page.database[index] ?? ''}:${index}`,
      originalId: page.db_id[index] ?? '',
      smiles,
      database: page.database[index] ?? '',
      similarity: page.similarity[index],
      scores: {
        morgan: page.morgan_similarity?.[index] ?? null,
        shape: page.shape_similarity?.[index] ?? null,
        electrostatic: page.electrostatic_similarity?.[index] ?? null,
      },
      properties,
      isQueryMolecule: false,
    };
  });
}

/** The first pseudo-row showing what was searched for. */
export function queryMoleculeRow(smiles: string): MoleculeRow {
  return { id: QUERY_MOLECULE_ID, originalId: QUERY_MOLECULE_ID, smiles, database: '', similarity: undefined, properties: {}, isQueryMolecule: true };
}
