import type { CataloguePart } from '@molsearch/engine';

/** The NATS service every search node runs; each part it holds is three endpoints. */
export const PART_SERVICE = 'molsearch-part';

/**
 * Subjects of one build of one part: `molsearch.part.<database>.<k>-of-<N>.<build>.search`, `.rows` and
 * `.hits` (scores and poses of hits already found).
 * Every node holding that build subscribes with the service's queue group, so NATS gives each request
 * to one live replica: replicas share the load, and when one is gone the others answer.
 */
export function partSubjects(database: string, part: CataloguePart, build: string): Record<PartEndpoint, string> {
  const base = `molsearch.part.${database}.${part.index}-of-${part.of}.${build}`;
  return { search: `${base}.search`, rows: `${base}.rows`, hits: `${base}.hits` };
}

/** The endpoints of a part. */
export type PartEndpoint = 'search' | 'rows' | 'hits';

/** Endpoint names allow letters, digits, dash and underscore. */
export function endpointName(database: string, part: CataloguePart, kind: PartEndpoint): string {
  return `${database}_${part.index}-of-${part.of}_${kind}`;
}
