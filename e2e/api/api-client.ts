/** A caller of the API that keeps its visitor cookie, like a browser or a requests.Session. */
export class ApiClient {
  private cookie: string | undefined;

  constructor(private readonly baseUrl: string) {}

  /** The same caller (its visitor cookie) talking to another server, as a load balancer may send it. */
  on(baseUrl: string): ApiClient {
    const other = new ApiClient(baseUrl);
    other.cookie = this.cookie;
    return other;
  }

  async request(method: 'GET' | 'POST', path: string, params: Record<string, string | number | boolean | string[]> = {}, body?: unknown) {
    const url = new URL(path, this.baseUrl);
    for (const [key, value] of Object.entries(params)) {
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
    }
    const response = await fetch(url, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const type = response.headers.get('content-type') ?? '';
    const data: unknown = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, data };
  }

  async json<T = Record<string, unknown>>(path: string, params: Record<string, string | number | boolean | string[]> = {}): Promise<T> {
    const answer = await this.request('GET', path, params);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.data)}`);
    return answer.data as T;
  }

  /** Polls job_status until SUCCESS or FAILED; returns every status text seen. */
  async waitForJob(jobName: string, timeoutMs = 30_000): Promise<string[]> {
    const seen: string[] = [];
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { status } = await this.json<{ status: string }>('/api/job_status', { job_name: jobName });
      if (seen.at(-1) !== status) seen.push(status);
      if (status === 'SUCCESS' || status === 'FAILED') return seen;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${jobName} did not finish in ${timeoutMs} ms; statuses seen: ${seen.join(', ')}`);
  }

  /** prepare_download, poll for the link, fetch the file. */
  async download(params: Record<string, string | number | boolean>, neighborIds?: string[]): Promise<{ file: Buffer; link: Record<string, unknown> }> {
    const prepared = await this.request('POST', '/api/prepare_download', params, neighborIds ? { neighbor_ids: neighborIds } : undefined);
    if (prepared.status !== 200) throw new Error(`prepare_download answered ${prepared.status}: ${JSON.stringify(prepared.data)}`);
    const suffix = (prepared.data as { download_suff: string }).download_suff;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const link = await this.json('/api/get_download_link', {
        job_name: String(params.job_name),
        file_format: String(params.file_format),
        download_suff: suffix,
        ...(params.db_name ? { db_name: String(params.db_name) } : {}),
      });
      if (link.status === 'READY') {
        const file = await this.request('GET', String(link.download_link));
        if (file.status !== 200) throw new Error(`the download answered ${file.status}`);
        return { file: file.data as Buffer, link };
      }
      if (link.status === 'FAILED') throw new Error(`download failed: ${String(link.message)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('Timed out waiting for download link');
  }
}
