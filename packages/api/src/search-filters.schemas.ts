import { LIPINSKI_MAX_VIOLATIONS, RANGE_FILTERS, STRUCTURE_MAX_CANDIDATES, STRUCTURE_MAX_HITS } from '@molsearch/engine/vocabulary';
import type { RangeFilterKey, SearchFilters } from '@molsearch/engine/vocabulary';
import { z } from 'zod';

/**
 * The filters of a search as the API takes them (query parameters of submit_molsearch) and answers them
 * (job_status). Parameter names derive from the engine's list of filterable properties: `<key>_min` and
 * `<key>_max` for each, so a property added there is a parameter here.
 */

export { LIPINSKI_MAX_VIOLATIONS, RANGE_FILTERS, STRUCTURE_MAX_CANDIDATES, STRUCTURE_MAX_HITS } from '@molsearch/engine/vocabulary';
export type { RangeFilterKey, SearchFilters } from '@molsearch/engine/vocabulary';

/** Longest substructure accepted, the same bound as a query SMILES. */
export const MAX_SUBSTRUCTURE_LENGTH = 4000;

const bound = (key: RangeFilterKey, side: 'min' | 'max') =>
  z.coerce
    .number()
    .refine(Number.isFinite, 'must be a number')
    .optional()
    .meta({ description: `Only hits with ${key} ${side === 'min' ? 'at least' : 'at most'} this value (inclusive).` });

type RangeParameter = `${RangeFilterKey}_${'min' | 'max'}`;
const rangeParameters = Object.fromEntries(RANGE_FILTERS.flatMap((key) => [[`${key}_min`, bound(key, 'min')], [`${key}_max`, bound(key, 'max')]])) as Record<
  RangeParameter,
  ReturnType<typeof bound>
>;

/** The filter parameters of submit_molsearch (and of a batch): spread into its query schema. */
export const filterParameters = {
  ...rangeParameters,
  lipinski: z.stringbool().default(false).meta({ description: `Only hits with at most ${LIPINSKI_MAX_VIOLATIONS} rule-of-five violation (MW > 500, cLogP > 5, more than 5 NH + OH, more than 10 N + O).` }),
  veber: z.stringbool().default(false).meta({ description: 'Only hits passing Veber: at most 10 rotatable bonds and TPSA at most 140 Å².' }),
  exclude_pains: z
    .stringbool()
    .default(false)
    .meta({ description: `Leave out hits matching any of the 480 published PAINS substructures (Baell & Holloway 2010, RDKit's SMARTS). Checked in score order: see substructure for the limits.` }),
  substructure: z
    .string()
    .trim()
    .min(1)
    .max(MAX_SUBSTRUCTURE_LENGTH)
    .optional()
    .meta({
      description:
        `Only hits containing this substructure, a SMILES or a SMARTS. Hits are checked in score order, at most ${STRUCTURE_MAX_CANDIDATES.toLocaleString('en-US')} candidates ` +
        `per database, and at most ${STRUCTURE_MAX_HITS.toLocaleString('en-US')} hits are kept per database; job_status notes say when candidates were left unchecked.`,
      example: 'c1ccc2[nH]ccc2c1',
    }),
};

type FilterParameters = { [K in RangeParameter]?: number | undefined } & { lipinski: boolean; veber: boolean; exclude_pains: boolean; substructure?: string | undefined };

/** The filters of a job as stored and answered: the API's names, only what was set. */
export const jobFilters = z
  .object({
    ranges: z.partialRecord(z.enum(RANGE_FILTERS), z.object({ min: z.number().optional(), max: z.number().optional() })).optional(),
    lipinski: z.boolean().optional(),
    veber: z.boolean().optional(),
    exclude_pains: z.boolean().optional(),
    substructure: z.string().optional(),
  })
  .meta({ description: 'The filters the search applied; empty when none.' });
export type JobFilters = z.output<typeof jobFilters>;

/** The filters a submission set, in the stored form; an empty object when it set none. */
export function jobFiltersOf(parameters: FilterParameters): JobFilters {
  const ranges: NonNullable<JobFilters['ranges']> = {};
  for (const key of RANGE_FILTERS) {
    const min = parameters[`${key}_min`];
    const max = parameters[`${key}_max`];
    if (min !== undefined || max !== undefined) ranges[key] = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  }
  return {
    ...(Object.keys(ranges).length > 0 ? { ranges } : {}),
    ...(parameters.lipinski ? { lipinski: true } : {}),
    ...(parameters.veber ? { veber: true } : {}),
    ...(parameters.exclude_pains ? { exclude_pains: true } : {}),
    ...(parameters.substructure !== undefined ? { substructure: parameters.substructure } : {}),
  };
}

/** The stored filters as the engine's request takes them. */
export function engineFilters(filters: JobFilters): { filters?: SearchFilters; substructure?: string } {
  const engine: SearchFilters = {
    ...(filters.ranges ? { ranges: filters.ranges } : {}),
    ...(filters.lipinski ? { lipinski: true } : {}),
    ...(filters.veber ? { veber: true } : {}),
    ...(filters.exclude_pains ? { excludePains: true } : {}),
  };
  return { ...(Object.keys(engine).length > 0 ? { filters: engine } : {}), ...(filters.substructure !== undefined ? { substructure: filters.substructure } : {}) };
}

/** How many filters are set: each bounded property, Lipinski, Veber, PAINS and the substructure count one. */
export function activeFilterCount(filters: JobFilters): number {
  return Object.keys(filters.ranges ?? {}).length + Number(filters.lipinski === true) + Number(filters.veber === true) + Number(filters.exclude_pains === true) + Number(filters.substructure !== undefined);
}
