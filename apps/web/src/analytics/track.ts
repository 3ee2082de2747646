import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Event names the product records (spec section 7), plus page views. */
export type AnalyticsEvent =
  | 'molecule_selected'
  | 'molecule_deselected'
  | 'ketcher_interaction'
  | 'molecule_editor_action'
  | 'search_initiated'
  | 'search_action_button'
  | 'view_consent_modal'
  | 'consent_modal_action'
  | 'search_submitted'
  | 'select_database'
  | 'filter_by_vendor'
  | 'use_similarity_slider'
  | 'page_view';

export type AnalyticsParams = Record<string, string | number | boolean | null>;

/** At most 25 parameters per event (spec section 9). */
export const MAX_ANALYTICS_PARAMS = 25;

export function limitParams(params: AnalyticsParams): AnalyticsParams {
  return Object.fromEntries(Object.entries(params).slice(0, MAX_ANALYTICS_PARAMS));
}

/** Records an event in our own database. Tracking never disturbs the page: every failure is ignored. */
export function track(event: AnalyticsEvent, params: AnalyticsParams = {}): void {
  try {
    void fetch('/api/analytics', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event, params: limitParams(params) }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself may be missing or throw synchronously; tracking stays silent.
  }
}

/** One page view per path (the query string and hash do not count as a new page). */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    track('page_view', { page_path: pathname, page_title: typeof document === 'undefined' ? '' : document.title });
  }, [pathname]);
}
