// `npm run bench -- download-load [--hits 10000] [--baseline 15] [--clients 4]`
//
// Does building a large 3D download keep the server answering? Imports the first 14,000 molecules of
// chemspace_screening.smi.gz with their 3D columns once (real rows; cached under data/bench/download-load),
// starts `molsearch serve` on them, runs a very_accurate shape search and asks for an SDF of its best --hits
// hits, each posed on the query. While the file is built, --clients loops call /api/databases back to back;
// the same loops run for --baseline seconds before, with the server idle. Prints the p50/p95 of both phases,
// their ratio, and how fast the file was built.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importCatalogue } from '@molsearch/engine';
import { percentile, startBenchServer } from './lib/bench-server.ts';

const SOURCE = new URL('../../shared/data/catalogs/chemspace_screening.smi.gz', import.meta.url).pathname;
const DATABASE = 'CHEMSPACE-14K';
const ROWS = 14_000;
// Imatinib: a drug-sized, flexible query.
const QUERY = 'Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1';

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { hits: { type: 'string', default: '10000' }, baseline: { type: 'string', default: '15' }, clients: { type: 'string', default: '4' } } });
  const wanted = Number(values.hits);
  const work = resolve(process.env.MOLSEARCH_DATA_DIR ?? 'data', 'bench', 'download-load');
  if (!existsSync(join(work, 'catalogues', DATABASE))) {
    console.log(`importing ${ROWS.toLocaleString()} rows of ${SOURCE} with 3D columns into ${work} (once) ...`);
    await importCatalogue({ files: [SOURCE], id: DATABASE, dataDir: work, limit: ROWS, shape: true });
  }
  const server = await startBenchServer(join(work, 'catalogues'));
  try {
    let cookie = '';
    const get = async <T>(path: string, init?: RequestInit): Promise<T> => {
      const send = () => fetch(`${server.url}${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...init?.headers } });
      // A kept-alive connection the loaded server closes as a poll reuses it resets: a GET is sent again.
      const answer = await send().catch((error: unknown) => (init?.method === undefined ? send() : Promise.reject(error)));
      cookie ||= answer.headers.get('set-cookie')?.split(';')[0] ?? '';
      if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as T;
    };
    const params = new URLSearchParams({ search_input: QUERY, search_type: 'espsim_shape', search_quality: 'very_accurate', db_names: DATABASE });
    const { job_name: job } = await get<{ job_name: string }>(`/api/submit_molsearch?${params}`);
    while ((await get<{ status: string }>(`/api/job_status?job_name=${job}`)).status !== 'SUCCESS') await sleep(250);
    const ids: string[] = [];
    for (let page = 0; ids.length < wanted; page++) {
      const answer = await get<{ id: string[] }>(`/api/get_molsearch_page?job_name=${job}&db_name=${DATABASE}&page_size=100&page_num=${page}`);
      if (answer.id.length === 0) break;
      ids.push(...answer.id);
    }
    const chosen = ids.slice(0, wanted);
    console.log(`server ${server.url}; shape search found ${ids.length >= wanted ? `at least ${wanted.toLocaleString()}` : ids.length.toLocaleString()} hits; downloading ${chosen.length.toLocaleString()} as posed SDF`);

    const clients = Number(values.clients);
    const baseline = await measure(server.url, clients, sleep(Number(values.baseline) * 1000));
    const started = performance.now();
    const rssBefore = server.rssMegabytes();
    const prepare = `/api/prepare_download?job_name=${job}&file_format=sdf&db_name=${DATABASE}`;
    await get(prepare, { method: 'POST', body: JSON.stringify({ neighbor_ids: chosen }) });
    let peakRss = rssBefore;
    const messages = new Set<string>();
    const built = (async () => {
      for (;;) {
        const link = await get<{ status: string; message: string | null; num_molecules: number | null }>(`/api/get_download_link?job_name=${job}&file_format=sdf&download_suff=selected&db_name=${DATABASE}`);
        peakRss = Math.max(peakRss, server.rssMegabytes());
        if (link.message) messages.add(link.message);
        if (link.status === 'READY') return link.num_molecules ?? 0;
        if (link.status === 'FAILED') throw new Error(`the download failed: ${link.message}`);
        await sleep(500);
      }
    })();
    const during = await measure(server.url, clients, built);
    const seconds = (performance.now() - started) / 1000;
    const molecules = await built;

    console.log(`\nGET /api/databases, ${clients} clients back to back (ms):`);
    const line = (name: string, sample: number[]) => {
      const sorted = [...sample].sort((a, b) => a - b);
      console.log(`  ${name.padEnd(28)} n=${String(sample.length).padStart(6)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)}  p95 ${percentile(sorted, 95).toFixed(1).padStart(7)}  max ${sorted.at(-1)?.toFixed(1).padStart(7)}`);
      return sorted;
    };
    const idle = line('idle server', baseline);
    const busy = line('while the SDF is built', during);
    console.log(`  ratio while building / idle: p50 ${(percentile(busy, 50) / percentile(idle, 50)).toFixed(2)}, p95 ${(percentile(busy, 95) / percentile(idle, 95)).toFixed(2)}`);
    console.log(`SDF of ${molecules.toLocaleString()} posed hits built in ${seconds.toFixed(1)} s (${(molecules / seconds).toFixed(0)} molecules/s); server RSS ${rssBefore} MB before, ${peakRss} MB at most while building`);
    console.log(`progress the download reported: ${[...messages].slice(0, 3).join(' | ') || '(none: built before the first check)'}${messages.size > 3 ? ` ... (${messages.size} messages)` : ''}`);
  } finally {
    await server.stop();
  }
}

/** Latencies of /api/databases from `clients` loops that call it back to back until `until` settles. */
async function measure(url: string, clients: number, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.then(() => (done = true), () => (done = true));
  const latencies: number[] = [];
  await Promise.all(Array.from({ length: clients }, async () => {
    while (!done) {
      const sent = performance.now();
      const answer = await fetch(`${url}/api/databases`).catch(() => fetch(`${url}/api/databases`));
      await answer.arrayBuffer();
      latencies.push(performance.now() - sent);
    }
  }));
  await until;
  return latencies;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
