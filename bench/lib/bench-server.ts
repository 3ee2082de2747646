import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const REPO = join(import.meta.dirname, '../..');

export interface BenchServer {
  url: string;
  process: ChildProcess;
  /** The server's resident set now, in MB. */
  rssMegabytes(): number;
  stop(): Promise<void>;
}

/**
 * `molsearch serve` on a free port with its own data folder (store, job and download files) that shares
 * the catalogues of `catalogueDir` read-only, on SQLite; resolves once the server has readied its catalogues
 * and warmed its search workers. Rate limiting is off and the per-address ceiling
 * raised: a benchmark's clients all come from one address and would otherwise be throttled by design.
 */
export async function startBenchServer(catalogueDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'molsearch-bench-server-'));
  await symlink(catalogueDir, join(dataDir, 'catalogues'));
  const server = spawn(process.execPath, [join(REPO, 'apps/cli/bin/molsearch.js'), 'serve', '--port', '0', '--data-dir', dataDir], {
    cwd: REPO,
    env: { ...process.env, HOST: '127.0.0.1', RATE_LIMITING: 'off', VISITORS_PER_ADDRESS: '10000', DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Measured from when the server is as a user's first search finds it: its catalogues readied and, when it has
  // any, its search workers warmed (the warm-up's searches would otherwise run beside the benchmark's first).
  const url = await new Promise<string>((resolveUrl, reject) => {
    let started: string | undefined;
    createInterface({ input: server.stdout! }).on('line', (line) => {
      if (line.includes('"server started"')) started = String((JSON.parse(line) as { url: string }).url);
      const ready = line.includes('"catalogues ready for search"') ? (JSON.parse(line) as { databases: number }) : undefined;
      const settled =
        (ready !== undefined && ready.databases === 0) || ['"catalogues not readied for search"', '"search workers warmed"', '"search workers not warmed"'].some((msg) => line.includes(msg));
      if (settled && started !== undefined) resolveUrl(started);
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    url,
    process: server,
    rssMegabytes() {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
      return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The p-th percentile of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
