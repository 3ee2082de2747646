/** Auth refresh tick and threshold of the spec's constants: every 30 s, refresh when within 3 ticks of expiry. */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_THRESHOLD_TICKS = 3;

/** True when a session expiring at `expiresAt` should be refreshed at `now`. */
export function needsRefresh(expiresAt: number, now: number): boolean {
  return expiresAt - now <= REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS;
}
