import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { CLI_BIN } from '../../apps/cli/src/testing/run-cli.ts';

/** `molsearch node` as its own process, as an operator runs it; resolves once it serves its parts and has readied them for search. */
export async function startSearchNode(natsUrl: string, dataDir: string, name: string, threads = 1): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI_BIN, 'node', '--nats', natsUrl, '--data-dir', dataDir, '--name', name, '--threads', String(threads)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`search node ${name} did not start:\n${log}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('"node ready"') && log.includes('"catalogue parts ready for search"')) {
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
