import type { Command, OptionSpec } from './command.ts';
import { DATA_DIR_ENV, DEFAULT_DATA_DIR } from './data-dir.ts';

export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  'data-dir': {
    type: 'string',
    valueName: 'dir',
    description: `where catalogues live (default: $${DATA_DIR_ENV} or ${DEFAULT_DATA_DIR})`,
  },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

export function programHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: molsearch [--data-dir <dir>] <command> [options]',
    '',
    'Find purchasable compounds similar to a query molecule across vendor catalogues.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    "Run 'molsearch <command> --help' for a command's options.",
  ].join('\n');
}

export function commandHelp(command: Command): string {
  const lines = [`Usage: molsearch ${command.name}${command.options ? ' [options]' : ''} ${command.usage}`.trimEnd(), '', command.summary];
  if (command.help) lines.push('', command.help.trim());
  lines.push('', 'Options:', ...optionLines({ ...command.options, ...GLOBAL_OPTIONS }));
  return lines.join('\n');
}

function optionLines(options: Record<string, OptionSpec>): string[] {
  const entries = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.type === 'string' ? ` <${spec.valueName ?? 'value'}>` : ''}`;
    return [flag, spec.description + (spec.multiple ? ' (repeatable)' : '')] as const;
  });
  const width = Math.max(...entries.map(([flag]) => flag.length));
  return entries.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`);
}
