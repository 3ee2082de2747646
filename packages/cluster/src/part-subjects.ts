import type { CataloguePart } from '@molsearch/engine';

/** The NATS service every search node runs; each part it holds is a pair of endpoints. */
export const PART_SERVICE = 'molsearch-part';

/**
 * Subjects of one build of one part: `molsearch.part.<database>.<k>-of-<N>.<build>.search` and `.rows`.
 * Every node holding that build subscribes with the service's queue group, so NATS gives each request
 * to one live replica: replicas share the load, and when one is gone the others answer.
 */
export function partSubjects(database: string, part: CataloguePart, build: string): { search: string; rows: string } {
  const base = `molsearch.part.${database}.${part.index}-of-${part.of}.${build}`;
  return { search: `${base}.search`, rows: `${base}.rows` };
}

/** Endpoint names allow letters, digits, dash and underscore. */
export function endpointName(database: string, part: CataloguePart, kind: 'search' | 'rows'): string {
  return `${database}_${part.index}-of-${part.of}_${kind}`;
}
