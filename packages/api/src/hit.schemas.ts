import { SEARCH_METHODS } from '@molsearch/engine/vocabulary';
import { z } from 'zod';
import { jobQuery, pageQuery } from './search.schemas.ts';

/** One hit of a finished search and its 3D pose: the detail view's calls. */

const propertyValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const hitQuery = z.object({
  job_name: jobQuery.shape.job_name,
  db_name: pageQuery.shape.db_name.unwrap().meta({ description: 'The database of the hit.' }),
  id: z.string().min(1).max(300).meta({ description: 'The result id of the hit (the `id` array of a page).' }),
});
export type HitQuery = z.output<typeof hitQuery>;

export const hitAnswer = z
  .object({
    smiles: z.string(),
    id: z.string(),
    database: z.string(),
    db_id: z.string(),
    rank: z.number().meta({ description: "The hit's place in its database's hits, from 1." }),
    similarity: z.number(),
    morgan_similarity: z.number().nullable(),
    shape_similarity: z.number().nullable(),
    electrostatic_similarity: z.number().nullable(),
    query_smiles: z.string(),
    search_type: z.enum(SEARCH_METHODS),
    properties: z.record(z.string(), propertyValue),
  })
  .meta({ description: 'One hit with its three scores and its property columns.' });
export type HitAnswer = z.output<typeof hitAnswer>;

export const hitPoseAnswer = z.string().meta({
  description:
    'An SD file of two records: the query at the conformer the hit aligns to, then the hit at its best-shape pose on it. Fields: role, smiles, ' +
    'the scores (similarity, morgan_similarity, shape_similarity, electrostatic_similarity at this pose) and atom_charges (one partial charge per atom of the record, in e, hydrogens added to their heavy atom).',
});
