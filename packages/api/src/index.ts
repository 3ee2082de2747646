export { API_ERRORS } from './error-codes.ts';
export type { ApiErrorBody, ApiErrorCode, ApiErrorDetail } from './error-codes.ts';
export * from './search.schemas.ts';
export { API_OPERATIONS } from './api-operations.ts';
export type { ApiOperation } from './api-operations.ts';
export { RATE_LIMITS, TIERS } from './rate-limits.ts';
export type { Tier, TierLimits } from './rate-limits.ts';
