/** Account tiers; accounts arrive later, until then every caller is 'anonymous'. */
export const TIERS = ['anonymous', 'free', 'pro'] as const;
export type Tier = (typeof TIERS)[number];

export interface TierLimits {
  /** Requests per minute over every call. */
  requestsPerMinute: number;
  /** New searches per minute. */
  submissionsPerMinute: number;
  /** Searches waiting or running at once. */
  activeJobs: number;
}

/**
 * The one place the rate limits live; the server enforces them per caller and the API docs print them.
 * Polling once a second and paging through results stays well inside the anonymous limits.
 */
export const RATE_LIMITS: Record<Tier, TierLimits> = {
  anonymous: { requestsPerMinute: 300, submissionsPerMinute: 10, activeJobs: 3 },
  free: { requestsPerMinute: 600, submissionsPerMinute: 30, activeJobs: 10 },
  pro: { requestsPerMinute: 3000, submissionsPerMinute: 120, activeJobs: 50 },
};
