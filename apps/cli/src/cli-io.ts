import type { Writable } from 'node:stream';

/** The process boundary, passed in so commands never touch `process` directly and tests can run them. */
export interface CliIo {
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean; columns?: number };
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}
