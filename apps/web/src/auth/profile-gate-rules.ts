/**
 * Which paths the profile gate leaves alone (spec section 4): public pages, any /auth path, and
 * single-segment paths (vendor landing pages such as /enamine). App pages that happen to be a single
 * segment but need an account (/settings) stay gated, and so does the home page.
 */
export const PUBLIC_PATHS = ['/about', '/tutorial', '/privacy-policy', '/terms-and-conditions', '/auth', '/complete-profile'];
const GATED_SINGLE_SEGMENT = ['settings'];

export function isGateExempt(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC_PATHS.includes(path)) return true;
  if (path.startsWith('/auth/')) return true;
  const segments = path.split('/').filter(Boolean);
  return segments.length === 1 && !GATED_SINGLE_SEGMENT.includes(segments[0]!);
}

/** Profile check timeout, loading screen dropped, gate gives up (spec section 9). */
export const PROFILE_CHECK_TIMEOUT_MS = 5_000;
export const LOADING_SCREEN_MS = 3_000;
export const GATE_GIVE_UP_MS = 6_000;
