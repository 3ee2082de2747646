import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './command-table.ts';
import { resolveDataDir } from './data-dir.ts';
import { runCli } from './main.ts';

/** Runs the CLI in this process with captured output; the child-process tests cover the real binary. */
async function cli(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runCli(argv, { stdout, stderr, env, cwd: '/srv/molsearch' });
  return { code, stdout: out, stderr: err };
}

describe('runCli usage', () => {
  it('should exit 2 with one line for a missing argument, an unknown option or an unknown command', async () => {
    const missing = await cli(['fp']);
    const option = await cli(['fp', '--colour', 'CCO']);
    const command = await cli(['serch', 'CCO']);
    expect([missing.code, option.code, command.code]).toEqual([2, 2, 2]);
    expect(missing.stderr).toBe("molsearch: fp takes 1 argument(s): <file|SMILES> (got 0); see 'molsearch fp --help'\n");
    expect(option.stderr).toBe("molsearch: Unknown option '--colour'; see 'molsearch fp --help'\n");
    expect(command.stderr).toBe(`molsearch: unknown command "serch"; commands: ${Object.keys(COMMANDS).join(', ')}\n`);
  });

  it('should list every command in the program help, on stderr with exit 2 when no command is given', async () => {
    const bare = await cli([]);
    const help = await cli(['--help']);
    expect(bare.code).toBe(2);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(bare.stderr);
    for (const name of Object.keys(COMMANDS)) expect(help.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  });

  it('should print a command help with its own and the global options', async () => {
    for (const argv of [['props', '--help'], ['help', 'props'], ['--help', 'props']]) {
      const run = await cli(argv);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Usage: molsearch props <file\|SMILES>\n/);
      expect(run.stdout).toContain('--data-dir <dir>');
    }
  });

  it('should reject an unknown option before the command and a --data-dir without a value', async () => {
    expect(await cli(['--verbose', 'fp', 'CCO'])).toMatchObject({ code: 2, stderr: "molsearch: unknown option --verbose before the command; see 'molsearch --help'\n" });
    expect(await cli(['--data-dir'])).toMatchObject({ code: 2, stderr: 'molsearch: --data-dir needs a directory\n' });
  });
});

describe('resolveDataDir', () => {
  const io = { cwd: '/srv/molsearch', env: {} };
  it('should prefer --data-dir, then MOLSEARCH_DATA_DIR, then ./data, relative to the working directory', () => {
    expect(resolveDataDir('cat', { ...io, env: { MOLSEARCH_DATA_DIR: '/var/lib/molsearch' } })).toBe('/srv/molsearch/cat');
    expect(resolveDataDir(undefined, { ...io, env: { MOLSEARCH_DATA_DIR: '/var/lib/molsearch' } })).toBe('/var/lib/molsearch');
    expect(resolveDataDir(undefined, io)).toBe('/srv/molsearch/data');
  });
});
