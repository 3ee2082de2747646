import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ANALYTICS_PARAMS, track } from './track.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('track', () => {
  it('posts the event with at most 25 parameters', () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const params = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`p${index}`, index]));
    track('select_database', params);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/analytics');
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body)) as { event: string; params: Record<string, number> };
    expect(body.event).toBe('select_database');
    expect(Object.keys(body.params)).toHaveLength(MAX_ANALYTICS_PARAMS);
    expect(body.params.p0).toBe(0);
    expect(body.params.p25).toBeUndefined();
  });

  it('stays silent when the request fails or fetch throws', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(() => track('page_view', { page_path: '/' })).not.toThrow();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        throw new Error('no fetch');
      }),
    );
    expect(() => track('page_view', { page_path: '/' })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
