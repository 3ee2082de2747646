export * from './search-types.ts';
