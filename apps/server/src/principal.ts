import type { Tier } from '@molsearch/api';

/**
 * Who is calling: attached to every request before any handler runs. Until accounts exist every
 * caller is an anonymous visitor known by a cookie; signed-in users and API keys will set `user`.
 */
export interface Principal {
  /** Stable key for ownership, queue turns and limits: `visitor:<id>` or `user:<id>`. */
  id: string;
  kind: 'visitor' | 'user';
  tier: Tier;
  /** Where rate limits count when the caller has no stable identity yet (a first request without cookie). */
  rateKey: string;
}
