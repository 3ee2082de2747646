import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { CLI_BIN } from '../../apps/cli/src/testing/run-cli.ts';

/**
 * `molsearch node` as its own process, as an operator runs it; resolves once it serves its parts, has readied them
 * for search and, when it has any, warmed its search workers.
 */
export async function startSearchNode(natsUrl: string, dataDir: string, name: string, threads = 1): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI_BIN, 'node', '--nats', natsUrl, '--data-dir', dataDir, '--name', name, '--threads', String(threads)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`search node ${name} did not start:\n${log}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (!log.includes('"node ready"')) return;
      // A node with parts warms its search workers once they are ready; that must not fail.
      const ready = /"catalogue parts ready for search".*?"parts":(\d+)/.exec(log);
      if (log.includes('"search workers not warmed"')) reject(new Error(`search node ${name} did not warm its search workers:\n${log}`));
      else if (ready && (ready[1] === '0' || log.includes('"search workers warmed"'))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`search node ${name} exited with ${code}:\n${log}`));
    });
  });
  return child;
}
