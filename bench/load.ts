// `npm run bench -- load [--duration 60] [--connections 50] [--data-dir ./data] [--db ID]`
// Starts `molsearch serve` on a free port over the catalogues of --data-dir (or a small imported
// sample when there are none) and runs one search per connection to completion. Then autocannon:
// each connection repeatedly submits a Morgan search as a new visitor and polls its status, and
// pages (with and without a threshold) and reads histograms of the finished searches. Prints requests/s, p50/p95 latency per call, errors, and the server's RSS before/after.
// Rate limiting is switched off and the per-address ceiling of waiting searches raised for the run: 50
// clients on one address would otherwise be throttled by design, and the figures are about throughput.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importCatalogue } from '@molsearch/engine';
import autocannon from 'autocannon';
import { percentile, startBenchServer } from './lib/bench-server.ts';

const REPO = join(import.meta.dirname, '..');
const SAMPLE = join(REPO, '../shared/data/catalogs/enamine_real.smi.gz');
const QUERIES = ['CC(=O)Oc1ccccc1C(=O)O', 'Cn1c(=O)c2c(ncn2C)n(C)c1=O', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O', 'O=C(O)c1ccccc1O', 'c1ccc2[nH]ccc2c1'];

type Call = 'submit' | 'status' | 'page' | 'page_threshold' | 'histogram';

interface CycleContext {
  cookie?: string;
  /** The search this cycle submitted (polled). */
  jobName?: string;
  /** A search finished before the run (paged). */
  finishedJob?: string;
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

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { duration: { type: 'string', default: '60' }, connections: { type: 'string', default: '50' }, 'data-dir': { type: 'string' }, db: { type: 'string' } },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const source = await catalogueSource(values['data-dir']);
  const databases = values.db ? [values.db] : (await readdir(join(source.dir, 'catalogues'))).filter((name) => !name.includes('.')).slice(0, 2);

  const server = await startBenchServer(join(source.dir, 'catalogues'));
  const url = server.url;

  // Finished searches to page through: one per connection, run before the clock starts.
  const finished: string[] = [];
  for (let i = 0; i < connections; i++) {
    const params = new URLSearchParams({ search_input: QUERIES[i % QUERIES.length]!, search_type: 'morgan', db_names: databases.join(',') });
    const headers = { cookie: `molsearch_visitor=load-setup-${process.pid}-${String(i).padStart(8, '0')}` };
    const { job_name } = (await (await fetch(`${url}/api/submit_molsearch?${params}`, { headers })).json()) as { job_name: string };
    finished.push(job_name);
  }
  for (const jobName of finished) {
    for (;;) {
      const { status } = (await (await fetch(`${url}/api/job_status?job_name=${jobName}`)).json()) as { status: string };
      if (status === 'SUCCESS') break;
      if (status === 'FAILED') throw new Error(`set-up search ${jobName} failed`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const latencies: Record<Call, number[]> = { submit: [], status: [], page: [], page_threshold: [], histogram: [] };
  const statuses: Record<string, number> = {};
  let cycle = 0;
  const step = (call: Call, build: (context: CycleContext) => string) => ({
    method: 'GET' as const,
    setupRequest: (request: autocannon.Request, raw: object) => {
      const context = raw as CycleContext;
      if (call === 'submit') {
        // Every cycle is a new visitor, so the per-visitor limit on waiting searches does not apply.
        const n = cycle++;
        context.cookie = `molsearch_visitor=load-${process.pid}-${String(n).padStart(12, '0')}`;
        context.finishedJob = finished[n % finished.length];
      }
      context.call = call;
      context.sentAt = performance.now();
      return { ...request, path: build(context), headers: { ...request.headers, cookie: context.cookie ?? '' } };
    },
    onResponse: (status: number, body: string, raw: object) => {
      const context = raw as CycleContext;
      latencies[context.call!].push(performance.now() - context.sentAt!);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (context.call === 'submit' && status === 200) context.jobName = (JSON.parse(body) as { job_name: string }).job_name;
    },
  });
  const submit = () =>
    `/api/submit_molsearch?${new URLSearchParams({ search_input: QUERIES[cycle % QUERIES.length]!, search_type: 'morgan', db_names: databases.join(',') })}`;
  const status = (context: CycleContext) => `/api/job_status?job_name=${context.jobName}`;
  const page = (pageNum: number, threshold = '') => (context: CycleContext) =>
    `/api/get_molsearch_page?job_name=${context.finishedJob}&page_num=${pageNum}&page_size=30&db_name=${databases[0]}${threshold}`;

  await new Promise((r) => setTimeout(r, 500));
  const rssBefore = server.rssMegabytes();
  console.log(`server ${url} (pid ${server.process.pid}), databases ${databases.join(', ')}; ${connections} connections for ${duration} s ...`);
  const result = await autocannon({
    url,
    connections,
    duration,
    // One cycle as a user would: submit a search and poll it, and page through a finished one.
    requests: [
      step('submit', submit),
      step('status', status),
      step('page', page(0)),
      step('status', status),
      step('page', page(1)),
      step('page_threshold', page(0, '&sim_th=0.3')),
      step('status', status),
      step('histogram', (context) => `/api/get_sim_histograms?job_name=${context.finishedJob}`),
      step('page', page(2)),
      step('status', status),
    ],
  });
  const health = (await (await fetch(`${url}/api/health`)).json()) as { queued_jobs: number; running_jobs: number };
  const rssAfter = server.rssMegabytes();

  console.log(`\nrequests: ${result.requests.total} in ${result.duration} s = ${result.requests.average} req/s (mean of per-second counts)`);
  console.log(`latency over all calls: p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms`);
  console.log('per call (ms, measured from request to response):');
  for (const [call, values] of Object.entries(latencies)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`  ${call.padEnd(15)} n=${String(values.length).padStart(7)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)}  p95 ${percentile(sorted, 95).toFixed(1).padStart(7)}`);
  }
  console.log(`status codes: ${JSON.stringify(statuses)}`);
  console.log(`errors: ${result.errors} connection errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  console.log(`server RSS: ${rssBefore} MB before, ${rssAfter} MB after; searches still queued ${health.queued_jobs}, running ${health.running_jobs}`);

  console.log(`server pid ${server.process.pid}`);
  await server.stop();
  await source.cleanup();
}
