import { z } from 'zod';

/** The three exact scores every hit carries, whichever method found it. */
export const HIT_SCORE_FIELDS = ['morgan_similarity', 'shape_similarity', 'electrostatic_similarity'] as const;
export type HitScoreField = (typeof HIT_SCORE_FIELDS)[number];

const scoreArray = (description: string) => z.array(z.number().nullable()).meta({ description });

/** The page answer's score arrays, one entry per hit. */
export const hitScoreArrays = {
  morgan_similarity: scoreArray('Morgan Tanimoto (radius 2, 2048 bits) of each hit to the query.'),
  shape_similarity: scoreArray('Shape Tanimoto at the best-shape alignment; null where the catalogue has no 3D models.'),
  electrostatic_similarity: scoreArray("Electrostatic score at that same pose, in its catalogue's form; null where the catalogue has no 3D models."),
} satisfies Record<HitScoreField, z.ZodType>;
