import { resolve } from 'node:path';
import type { CliIo } from './cli-io.ts';

export const DATA_DIR_ENV = 'MOLSEARCH_DATA_DIR';
export const DEFAULT_DATA_DIR = './data';

/** `--data-dir` wins over MOLSEARCH_DATA_DIR, which wins over ./data; relative paths are from the working directory. */
export function resolveDataDir(option: string | undefined, io: Pick<CliIo, 'env' | 'cwd'>): string {
  const chosen = option || io.env[DATA_DIR_ENV] || DEFAULT_DATA_DIR;
  return resolve(io.cwd, chosen);
}
