export { startSearchNode } from './search-node.ts';
export type { NodeLogger, SearchNode, SearchNodeOptions } from './search-node.ts';
