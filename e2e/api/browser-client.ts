/**
 * A caller that behaves like a browser on the accounts endpoints: it keeps every cookie it is given,
 * sends Origin on state-changing requests (as browsers do) and follows no redirect by itself.
 */
export class BrowserClient {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header received, for checking attributes. */
  readonly setCookies: string[] = [];

  constructor(
    readonly baseUrl: string,
    private readonly origin: string | null = new URL(baseUrl).origin,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.cookies.size > 0 && !('cookie' in headers)) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && method !== 'HEAD' && this.origin && !('origin' in headers)) headers.origin = this.origin;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie) || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async json<T = Record<string, unknown>>(path: string, init: Parameters<BrowserClient['fetch']>[1] = {}): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await this.fetch(path, init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
  }
}
