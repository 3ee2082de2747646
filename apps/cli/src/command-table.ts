import type { CommandLoader } from './command.ts';

/** Every `molsearch` command, in help order. To add one: a file in commands/ exporting `command`, and a line here. */
export const COMMANDS: Readonly<Record<string, CommandLoader>> = {
  validate: () => import('./commands/validate.ts'),
  fp: () => import('./commands/fp.ts'),
  props: () => import('./commands/props.ts'),
  serve: () => import('./commands/serve.ts'),
  node: () => import('./commands/node.ts'),
  cluster: () => import('./commands/cluster.ts'),
  import: () => import('./commands/import.ts'),
  search: () => import('./commands/search.ts'),
  catalogues: () => import('./commands/catalogues.ts'),
};
