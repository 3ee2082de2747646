// `npm test`: type-checks and lints while the web app is built for the browser tests (each uses about one
// core, and the build took a minute before any test could start), then runs every test suite.
import { spawn } from 'node:child_process';
import { buildWebApp } from '../e2e/web/web-build.ts';

function run(command: string, args: string[]): Promise<void> {
  const child = spawn(command, args, { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} failed (exit ${code ?? signal})`))));
  });
}

async function main(): Promise<void> {
  const build = buildWebApp({ quiet: true });
  // A failed check is reported once the build has ended too, so no build is left running behind the message.
  const checks = run('npm', ['run', '--silent', 'typecheck']).then(() => run('npm', ['run', '--silent', 'lint']));
  const [checked, built] = await Promise.allSettled([checks, build]);
  for (const outcome of [checked, built]) if (outcome.status === 'rejected') throw outcome.reason;
  await run('npm', ['run', '--silent', 'test:unit', '--', ...process.argv.slice(2)]);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
