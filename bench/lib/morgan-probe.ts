// Child process of the scale benchmark: Morgan top-30 over a replicated fingerprint file, scanned from the
// file (morgan/disk-kernel.ts) or read into memory with its folds, on a pool of two scan threads; prints the
// timings of every query after one warm-up pass (page cache warm) and the process's resident set.
// Usage: morgan-probe.ts <file> <rows> <copies> <disk|memory> <query smiles...>
// The file holds `rows` / `copies` real fingerprints in popcount order, each written `copies` times in a row.
import { closeSync, openSync, readSync } from 'node:fs';
import { MORGAN_BYTES, loadRDKit, morganFingerprint, popcount, withMol } from '@molsearch/chem';
import { allocateFingerprintMemory, createScanPool, fileColumn, fingerprintView, foldFingerprints, morganScan, popcountStartsOf } from '@molsearch/engine/bench';
import type { FingerprintColumn } from '@molsearch/engine/bench';

const [file, rowsText, copiesText, mode, ...queries] = process.argv.slice(2) as [string, string, string, 'disk' | 'memory', ...string[]];
const rows = Number(rowsText);
const copies = Number(copiesText);
const fd = openSync(file, 'r');
// The popcount of every row, from its real fingerprint: one read of each source row.
const popcounts = new Uint16Array(rows);
const fingerprint = new Uint8Array(MORGAN_BYTES);
for (let source = 0; source < rows / copies; source++) {
  readSync(fd, fingerprint, 0, MORGAN_BYTES, source * copies * MORGAN_BYTES);
  popcounts.fill(popcount(fingerprint), source * copies, (source + 1) * copies);
}
const starts = popcountStartsOf(popcounts);
let column: FingerprintColumn;
if (mode === 'disk') {
  column = fileColumn(file, rows, starts);
} else {
  column = { memory: allocateFingerprintMemory(rows), count: rows, popcountStarts: starts };
  const view = fingerprintView(column);
  for (let at = 0; at < view.length; ) at += readSync(fd, view, at, Math.min(1 << 26, view.length - at), at);
  foldFingerprints(column);
}
closeSync(fd);
await loadRDKit();
const pool = createScanPool(2);
const ms: number[] = [];
const scanned: number[] = [];
try {
  for (const pass of [0, 1]) {
    for (const smiles of queries) {
      const query = withMol(smiles, morganFingerprint);
      if (!query) continue;
      const started = performance.now();
      const hits = await morganScan(column, `replicated-${rows}-${mode}`, query, { limit: 30, threshold: 0, pool });
      if (pass === 1) {
        ms.push(performance.now() - started);
        scanned.push(hits.scannedRows);
      }
    }
  }
} finally {
  await pool.close();
}
process.stdout.write(`${JSON.stringify({ ms, scanned, rss: process.memoryUsage().rss })}\n`);
