import { RANGE_FILTERS, STRUCTURE_MAX_CANDIDATES, STRUCTURE_MAX_HITS, jobFilters, jobFiltersOf } from '@molsearch/api';
import type { ApiErrorDetail, JobFilters, SubmitBatchQuery } from '@molsearch/api';
import { checkSubstructure } from '@molsearch/chem';
import type { DatabaseHits } from '@molsearch/engine';
import { invalidParameters } from '../http/app-error.ts';

/**
 * The filters of a submission, checked: each range's minimum at most its maximum, the substructure a
 * SMILES or SMARTS RDKit reads (call after loadRDKit). Refused with every problem named by parameter.
 */
export function submittedFilters(query: SubmitBatchQuery): JobFilters {
  const filters = jobFiltersOf(query);
  const problems: ApiErrorDetail[] = [];
  for (const key of RANGE_FILTERS) {
    const range = filters.ranges?.[key];
    if (range?.min !== undefined && range.max !== undefined && range.min > range.max) {
      problems.push({ field: `${key}_min`, message: `The ${key} minimum (${range.min}) is above its maximum (${range.max}).` });
    }
  }
  if (filters.substructure !== undefined) {
    const check = checkSubstructure(filters.substructure);
    if (!check.ok) problems.push({ field: 'substructure', message: check.message });
  }
  if (problems.length > 0) throw invalidParameters(problems);
  return filters;
}

/** A job's stored filters; none for jobs stored before filters existed. */
export function storedFilters(text: string | null | undefined): JobFilters {
  return text ? jobFilters.parse(JSON.parse(text)) : {};
}

/**
 * What the filters did, where it changes how the hits read: a database where no molecule passed the
 * property filters, and one where the structure checks kept fewer hits than a full list, which says
 * whether that is all there is or less similar molecules went unchecked.
 */
export function filterNotes(filters: JobFilters, databases: readonly DatabaseHits[], hitsPerDatabase: number): string[] {
  const notes: string[] = [];
  const wanted = Math.min(hitsPerDatabase, STRUCTURE_MAX_HITS);
  for (const hits of databases) {
    const report = hits.filtering;
    if (!report) continue;
    if (report.passing === 0) {
      notes.push(`No molecule in ${hits.database} passes the property filters.`);
      continue;
    }
    const structure = report.structure;
    if (!structure || structure.kept >= wanted) continue;
    const plural = structure.kept !== 1;
    const found = structure.kept === 0 ? `No molecule in ${hits.database}` : `Only ${count(structure.kept)} ${plural ? 'molecules' : 'molecule'} in ${hits.database}`;
    const condition = structureCondition(filters, plural && structure.kept > 0);
    notes.push(
      structure.complete
        ? `${found} ${condition}: all ${count(structure.checked)} molecules the search ranked were checked, so there are no more hits.`
        : `${found} ${condition} among its ${count(structure.checked)} most similar; less similar molecules were not checked (at most ${count(STRUCTURE_MAX_CANDIDATES)} per database).`,
    );
  }
  return notes;
}

function structureCondition(filters: JobFilters, plural: boolean): string {
  const conditions = [
    ...(filters.substructure !== undefined ? [`${plural ? 'contain' : 'contains'} the substructure ${filters.substructure}`] : []),
    ...(filters.exclude_pains ? [`${plural ? 'are' : 'is'} free of PAINS`] : []),
  ];
  return conditions.join(' and ');
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
