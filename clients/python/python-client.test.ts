import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';

// The Python client's own unittest suite, which starts a real server on real vendor rows; run with the
// rest of the tests so CI covers it. Python 3.9+ is part of every supported machine.
it('passes its unittest suite against a real server', async () => {
  const child = spawn('python3', ['-m', 'unittest', '-v'], { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  expect(output).toMatch(/\nOK\n/);
  expect(code, output).toBe(0);
  // Every test ran: none was skipped.
  expect(output).not.toMatch(/skipped/i);
}, 600_000);
