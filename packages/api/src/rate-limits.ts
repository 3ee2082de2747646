/** Account tiers: visitors and anonymous users are 'anonymous'; a signed-in user or API key has the account type. */
export const TIERS = ['anonymous', 'free', 'pro'] as const;
export type Tier = (typeof TIERS)[number];

export interface TierLimits {
  /** Requests per minute over every call. */
  requestsPerMinute: number;
  /** New searches per minute. */
  submissionsPerMinute: number;
  /** Searches waiting or running at once. */
  activeJobs: number;
  /** Download files prepared per minute. */
  downloadsPerMinute: number;
  /** Queries in one batch search (a batch's queries do not count as searches waiting). */
  queriesPerBatch: number;
}

/**
 * The one place the rate limits live; the server enforces them per caller and the API docs print them.
 * Polling once a second and paging through results stays well inside the anonymous limits.
 */
export const RATE_LIMITS: Record<Tier, TierLimits> = {
  anonymous: { requestsPerMinute: 300, submissionsPerMinute: 10, activeJobs: 3, downloadsPerMinute: 20, queriesPerBatch: 10 },
  free: { requestsPerMinute: 600, submissionsPerMinute: 30, activeJobs: 10, downloadsPerMinute: 60, queriesPerBatch: 100 },
  pro: { requestsPerMinute: 3000, submissionsPerMinute: 120, activeJobs: 50, downloadsPerMinute: 300, queriesPerBatch: 1000 },
};
