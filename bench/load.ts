// `npm run bench -- load [--duration 60] [--connections 50] [--data-dir ./data] [--db ID]`
// Starts `molsearch serve` on a free port over the catalogues of --data-dir (or a small imported
// sample when there are none), then runs autocannon: each connection repeatedly submits a Morgan
// search as a new visitor, polls its status and pages through the results with and without a
// threshold. Prints requests/s, p50/p95 latency per call, errors, and the server's RSS before/after.
// Rate limiting is switched off for the run: 50 clients on one address would otherwise be throttled
// by design, and the figures are about the server's throughput.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { importCatalogue } from '@molsearch/engine';
import autocannon from 'autocannon';

const REPO = join(import.meta.dirname, '..');
const SAMPLE = join(REPO, '../shared/data/catalogs/enamine_real.smi.gz');
const QUERIES = ['CC(=O)Oc1ccccc1C(=O)O', 'Cn1c(=O)c2c(ncn2C)n(C)c1=O', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O', 'O=C(O)c1ccccc1O', 'c1ccc2[nH]ccc2c1'];

type Call = 'submit' | 'status' | 'page' | 'page_threshold';

interface CycleContext {
  cookie?: string;
  jobName?: string;
  done?: boolean;
  sentAt?: number;
  call?: Call;
}

async function catalogueSource(dataDir: string | undefined): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const chosen = resolve(dataDir ?? join(REPO, 'data'));
  const existing = existsSync(join(chosen, 'catalogues')) ? (await readdir(join(chosen, 'catalogues'))).filter((name) => !name.includes('.')) : [];
  if (existing.length > 0) return { dir: chosen, cleanup: async () => undefined };
  const dir = await mkdtemp(join(tmpdir(), 'molsearch-load-catalogue-'));
  console.log(`no catalogues in ${chosen}: importing 2,000 molecules of ${SAMPLE} ...`);
  await importCatalogue({ files: [SAMPLE], id: 'ENAMINE-REAL', dataDir: dir, limit: 2000 });
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

function rssMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { duration: { type: 'string', default: '60' }, connections: { type: 'string', default: '50' }, 'data-dir': { type: 'string' }, db: { type: 'string' } },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const source = await catalogueSource(values['data-dir']);
  const databases = values.db ? [values.db] : (await readdir(join(source.dir, 'catalogues'))).filter((name) => !name.includes('.')).slice(0, 2);

  // The server gets its own data directory (its store and job files), sharing the catalogues read-only.
  const dataDir = await mkdtemp(join(tmpdir(), 'molsearch-load-'));
  await symlink(join(source.dir, 'catalogues'), join(dataDir, 'catalogues'));
  const server = spawn(process.execPath, [join(REPO, 'apps/cli/bin/molsearch.js'), 'serve', '--port', '0', '--data-dir', dataDir], {
    cwd: REPO,
    env: { ...process.env, HOST: '127.0.0.1', RATE_LIMITING: 'off', DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    createInterface({ input: server.stdout! }).on('line', (line) => {
      if (line.includes('"server started"')) resolveUrl(String((JSON.parse(line) as { url: string }).url));
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });

  const latencies: Record<Call, number[]> = { submit: [], status: [], page: [], page_threshold: [] };
  const statuses: Record<string, number> = {};
  let cycle = 0;
  const timed = (call: Call, build: (context: CycleContext) => string) => ({
    method: 'GET' as const,
    setupRequest: (request: autocannon.Request, raw: object) => {
      const context = raw as CycleContext;
      let path: string;
      let actual = call;
      // Until the job has finished, a page request would be answered 409: poll instead, as a client would.
      if ((call === 'page' || call === 'page_threshold') && !context.done) {
        actual = 'status';
        path = `/api/job_status?job_name=${context.jobName}`;
      } else path = build(context);
      context.call = actual;
      context.sentAt = performance.now();
      return { ...request, path, headers: { ...request.headers, cookie: context.cookie ?? '' } };
    },
    onResponse: (status: number, body: string, raw: object) => {
      const context = raw as CycleContext;
      latencies[context.call!].push(performance.now() - context.sentAt!);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (context.call === 'submit' && status === 200) context.jobName = (JSON.parse(body) as { job_name: string }).job_name;
      if (context.call === 'status' && status === 200) context.done = (JSON.parse(body) as { status: string }).status === 'SUCCESS';
    },
  });
  const submit = {
    method: 'GET' as const,
    setupRequest: (request: autocannon.Request, raw: object) => {
      const context = raw as CycleContext;
      // Every cycle is a new visitor, so the per-visitor limit on waiting searches does not apply.
      context.cookie = `molsearch_visitor=load-${process.pid}-${(cycle++).toString().padStart(12, '0')}`;
      context.call = 'submit';
      context.sentAt = performance.now();
      const params = new URLSearchParams({ search_input: QUERIES[cycle % QUERIES.length]!, search_type: 'morgan', db_names: databases.join(',') });
      return { ...request, path: `/api/submit_molsearch?${params}`, headers: { ...request.headers, cookie: context.cookie } };
    },
    onResponse: timed('submit', () => '').onResponse,
  };
  const page = (pageNum: number) => (context: CycleContext) => `/api/get_molsearch_page?job_name=${context.jobName}&page_num=${pageNum}&page_size=30&db_name=${databases[0]}`;
  const status = (context: CycleContext) => `/api/job_status?job_name=${context.jobName}`;

  await new Promise((r) => setTimeout(r, 500));
  const rssBefore = rssMegabytes(server.pid!);
  console.log(`server ${url} (pid ${server.pid}), databases ${databases.join(', ')}; ${connections} connections for ${duration} s ...`);
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      submit,
      timed('status', status),
      timed('status', status),
      timed('page', page(0)),
      timed('page', page(1)),
      timed('page_threshold', (context) => `${page(0)(context)}&sim_th=0.3`),
      timed('page', page(2)),
    ],
  });
  const rssAfter = rssMegabytes(server.pid!);

  console.log(`\nrequests: ${result.requests.total} in ${result.duration} s = ${result.requests.average} req/s (mean of per-second counts)`);
  console.log(`latency over all calls: p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms`);
  console.log('per call (ms, measured from request to response):');
  for (const [call, values] of Object.entries(latencies)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`  ${call.padEnd(15)} n=${String(values.length).padStart(7)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)}  p95 ${percentile(sorted, 95).toFixed(1).padStart(7)}`);
  }
  console.log(`status codes: ${JSON.stringify(statuses)}`);
  console.log(`errors: ${result.errors} connection errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  console.log(`server RSS: ${rssBefore} MB before, ${rssAfter} MB after`);

  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
  await source.cleanup();
}
