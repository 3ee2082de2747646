import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Layers depend one way: apps -> packages; engine -> chem; chem -> nothing of ours.
// chem and engine stay free of HTTP, storage, UI and process environment so they run anywhere.
const serverSide = ['hono', 'hono/*', '@hono/*', 'express', 'fastify', 'node:http', 'node:https', 'http', 'https'];
const storage = ['better-sqlite3', 'kysely', 'kysely/*', 'pg', 'pg-*', 'better-auth', 'better-auth/*'];
const ui = ['react', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom', 'ketcher-*'];
const apps = ['@molsearch/server', '@molsearch/server/*', '@molsearch/cli', '@molsearch/cli/*', '@molsearch/web', '@molsearch/web/*'];

const forbid = (names, message) => ({ group: names, message });

// packages/engine/src folders import one way: format at the bottom (file layouts, manifest, errors, the search
// contract), then pool and readers, then features (what is computed per molecule), then import and catalogue
// (the reader returns data, never kernels), then the morgan and shape searches, with the search dispatch on top.
// vocabulary.ts is open to all and imports nothing; index.ts (the apps' entry) and bench.ts (the benchmarks')
// gather from every folder and no folder imports them. Tests may reach across, to build what they test.
const engineLayers = {
  format: [],
  pool: ['format'],
  readers: ['format'],
  features: ['format', 'pool'],
  import: ['format', 'pool', 'readers', 'features'],
  catalogue: ['format', 'pool', 'readers', 'features'],
  morgan: ['format', 'pool', 'readers', 'features', 'catalogue'],
  shape: ['format', 'pool', 'readers', 'features', 'catalogue'],
  search: ['format', 'pool', 'readers', 'features', 'import', 'catalogue', 'morgan', 'shape'],
};
const engineApart = [
  forbid(['@molsearch/engine', '@molsearch/engine/*', '@molsearch/api', ...apps], 'engine imports only @molsearch/chem.'),
  forbid([...serverSide, ...storage, ...ui], 'engine stays free of HTTP, storage and UI.'),
];
const engineFolderRules = Object.entries(engineLayers).map(([folder, below]) => {
  const above = Object.keys(engineLayers).filter((other) => other !== folder && !below.includes(other));
  return {
    files: [`packages/engine/src/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        ...engineApart,
        ...(above.length > 0 ? [{ regex: `^(\\.\\./)+(${above.join('|')})/`, message: `engine ${folder}/ may import only ${below.length > 0 ? below.join(', ') : 'no other engine folder'} (and vocabulary.ts): engine folders import one way (see eslint.config.js).` }] : []),
        { regex: '^(\\.\\./)+(index|bench)\\.ts$', message: 'index.ts and bench.ts are the package entries: inside the engine import the module itself.' },
      ] }],
    },
  };
});

// apps/server/src has one folder per domain, importing one way: http at the bottom (request context, errors,
// limits, logging), store beside it; then search -> catalogues -> downloads -> tracking, while accounts and docs
// use only http and store. The root files (server.ts, services.ts, config.ts, index.ts) compose the domains and
// no domain imports them. Tests may reach across, to build what they test.
const serverLayers = {
  http: [],
  store: [],
  search: ['http', 'store'],
  catalogues: ['http', 'store', 'search'],
  downloads: ['http', 'store', 'search', 'catalogues'],
  tracking: ['http', 'store', 'search', 'catalogues', 'downloads'],
  accounts: ['http', 'store'],
  docs: ['http'],
  // Searches through search nodes over NATS (NATS_URL): an engine for search/ built on the store.
  cluster: ['http', 'store', 'search'],
};
const serverOtherApps = forbid(['@molsearch/cli', '@molsearch/cli/*', '@molsearch/web', '@molsearch/web/*'], 'the server does not import other apps.');
const serverDomainRules = Object.entries(serverLayers).map(([domain, below]) => {
  const above = Object.keys(serverLayers).filter((other) => other !== domain && !below.includes(other));
  return {
    files: [`apps/server/src/${domain}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        serverOtherApps,
        { regex: `^(\\.\\./)+(${above.join('|')})/`, message: `${domain} may import only ${below.length > 0 ? below.join(', ') : 'no other server folder'}: server folders import one way (see eslint.config.js).` },
        { regex: '^(\\.\\./)+(server|services|config|index)\\.ts$', message: 'the root files compose the domains; no domain imports them.' },
      ] }],
    },
  };
});
const webApart = forbid(
  ['@molsearch/server', '@molsearch/server/*', '@molsearch/cli', '@molsearch/cli/*', '@molsearch/engine', '@molsearch/chem'],
  'the web app talks to the server over HTTP and shares only @molsearch/api types.',
);

// Folders of apps/web/src import downward only: app (root, routes, layout, header) -> pages -> features ->
// auth | components -> api | ui | analytics -> shared (vendors, search options and settings). Each folder lists
// the folders it must not import; two that need one piece move it lower.
const webLayers = [
  ['pages', ['app']],
  ['features', ['app', 'pages']],
  ['auth', ['app', 'pages', 'features', 'components']],
  ['components', ['app', 'pages', 'features', 'auth']],
  ['api', ['app', 'pages', 'features', 'auth', 'components', 'ui', 'analytics']],
  ['ui', ['app', 'pages', 'features', 'auth', 'components', 'api', 'analytics']],
  ['analytics', ['app', 'pages', 'features', 'auth', 'components', 'api', 'ui']],
  ['shared', ['app', 'pages', 'features', 'auth', 'components', 'api', 'ui', 'analytics']],
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/web/dev-dist/**', '**/*.wasm'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/chem/src/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: [
        forbid(['@molsearch/*'], 'chem is the bottom layer: it imports no other molsearch package.'),
        forbid([...serverSide, ...storage, ...ui], 'chem stays free of HTTP, storage and UI.'),
      ] }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Take options instead of reading the environment.' }],
    },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: engineApart }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Take options instead of reading the environment.' }],
    },
  },
  ...engineFolderRules,
  {
    files: ['packages/engine/src/vocabulary.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [forbid(['*'], 'the vocabulary is shared with browsers: it imports nothing.')] }] },
  },
  {
    files: ['packages/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['@molsearch/chem', '@molsearch/engine'].map((name) => ({ name, message: 'api holds the shared contract: of the other packages it takes only @molsearch/engine/vocabulary.' })),
        patterns: [
        forbid(['@molsearch/chem/*', '@molsearch/engine/*', '!@molsearch/engine/vocabulary', ...apps], 'api holds the shared contract: of the other packages it takes only the search vocabulary.'),
        forbid([...serverSide, ...storage, ...ui], 'api is shared by browser and server: keep it free of runtime dependencies.'),
      ] }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Take options instead of reading the environment.' }],
    },
  },
  {
    files: ['packages/cluster/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [forbid([...apps, '@molsearch/api', ...serverSide, ...storage, ...ui], 'cluster holds what search nodes and API servers share over NATS: the engine and the NATS clients only.')] }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Take options instead of reading the environment.' }],
    },
  },
  {
    files: ['apps/node/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [forbid([...apps, ...serverSide, ...storage, ...ui], 'a search node serves parts over NATS with the engine and the cluster package, not HTTP or storage.')] }] },
  },
  {
    files: ['apps/cli/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [forbid(['@molsearch/server/*', '@molsearch/web', '@molsearch/web/*'], 'the CLI uses the server only through its public entry.')] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOtherApps] }] },
  },
  ...serverDomainRules,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { patterns: [webApart] }] },
  },
  ...webLayers.map(([folder, above]) => ({
    files: [`apps/web/src/${folder}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        webApart,
        { regex: `^(\\.\\./)+(${above.join('|')})(/|$)`, message: `web ${folder}/ must not import ${above.join(', ')}: move the piece both need into a lower folder.` },
      ] }],
    },
  })),
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
