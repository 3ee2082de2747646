import { usageError } from './cli-error.ts';

/** Options given before the command name: `molsearch --data-dir /srv/data search ...`. */
export function globalOptions(argv: readonly string[]): { dataDir?: string; help: boolean; rest: string[] } {
  let dataDir: string | undefined;
  let help = false;
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('-')) break;
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else if (arg === '--data-dir') {
      dataDir = argv[++i];
      if (dataDir === undefined) throw usageError('--data-dir needs a directory');
    } else {
      throw usageError(`unknown option ${arg} before the command; see 'molsearch --help'`);
    }
  }
  return { dataDir, help, rest: argv.slice(i) };
}
