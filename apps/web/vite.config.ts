import { execSync } from 'node:child_process';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The build's version tag: the service worker and the running page compare it to notice a new release. */
function buildVersion(): string {
  let commit = 'dev';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    // Not a git checkout (a source archive): the time stamp alone tells builds apart.
  }
  return `${commit}-${Date.now().toString(36)}`;
}

const version = buildVersion();

/** Emits version.json, which open pages poll to learn that a newer build is being served. */
function versionFile(): Plugin {
  return {
    name: 'molsearch-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Text the server may answer compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;
/** Below this, compression saves less than the headers it costs. */
const MIN_COMPRESS_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible build file, so the server answers with the
 * smallest encoding the browser accepts without compressing on each request (the editor chunk is 8 MB
 * as JavaScript and its chemistry engine 9 MB of WebAssembly, together under 4 MB as brotli). Brotli
 * quality 9: quality 11 took minutes on the editor's largest chunk for 13 % fewer bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'molsearch-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_COMPRESS_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipped(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * ketcher-core's ES build still loads Raphael with `require('raphael')` (behind a `typeof window` check),
 * which no browser can run; it becomes an ES import here.
 */
function ketcherRaphaelImport(): Plugin {
  return {
    name: 'molsearch-ketcher-raphael',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('ketcher-core') || !code.includes("require('raphael')")) return null;
      return { code: `import __ketcherRaphael from 'raphael';\n${code.replaceAll("require('raphael')", '__ketcherRaphael')}`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile(), ketcherRaphaelImport(), precompress()],
  // Ketcher keeps editor state on the free variable `global` (its own builds map it to window).
  define: { __APP_VERSION__: JSON.stringify(version), global: 'globalThis' },
  // Ketcher's dependencies can resolve a second React higher up the workspace; the app must use one.
  resolve: { dedupe: ['react', 'react-dom'] },
  // Dev server: pre-bundle the editor once up front (it is discovered late, behind a lazy import) with the same `global`.
  optimizeDeps: {
    include: ['ketcher-react', 'ketcher-standalone', 'ketcher-core'],
    // Ketcher and its Node polyfills read a few environment values that its own bundler fills in.
    esbuildOptions: {
      define: {
        global: 'globalThis',
        'process.env.NODE_DEBUG': 'undefined',
        'process.env.INDIGO_VERSION': '""',
        'process.env.INDIGO_MACHINE': '""',
        'process.env.HELP_LINK': '""',
        'process.env.IS_RR_BUILD_REQUEST': 'undefined',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The editor's chemistry engine is one large chunk by nature; it loads only when the editor mounts.
    chunkSizeWarningLimit: 30_000,
    rollupOptions: {
      onwarn(warning, warn) {
        // A dependency's misplaced /*#__PURE__*/ comment (zod's regexes) is dropped by Rollup and changes nothing we ship.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        // 3Dmol.js evals a callback given as a string (for py3Dmol); our viewer gives it no callbacks, so that code never runs.
        if (warning.code === 'EVAL' && warning.id?.includes('node_modules/3dmol/')) return;
        warn(warning);
      },
    },
  },
});
