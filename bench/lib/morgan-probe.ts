// Child process of the scale benchmark: Morgan top-30 over a replicated fingerprint file, scanned from the
// file (morgan/disk-kernel.ts; with disk-folds, behind the fold bits of <file>.fold-bits) or read into memory, scanned
// with its folds or without (every byte read, as from the file), on a pool of two scan threads; prints the
// timings of every query after one warm-up pass (page cache warm), a digest of the hits (so the parent can
// check that both modes found the same rows) and the process's resident set.
// Usage: morgan-probe.ts <file> <rows> <copies> <disk|disk-folds|memory|memory-full> <query smiles...>
// The file holds `rows` / `copies` groups of `copies` rows in popcount order, every row of a group with the
// popcount of its first (bench/lib/morgan-replicas.ts).
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { MORGAN_BYTES, loadRDKit, morganFingerprint, popcount, withMol } from '@molsearch/chem';
import { allocateFingerprintMemory, createScanPool, fileColumn, fingerprintView, foldFingerprints, morganScan } from '@molsearch/engine/bench';
import type { FingerprintColumn } from '@molsearch/engine/bench';

const [file, rowsText, copiesText, mode, ...queries] = process.argv.slice(2) as [string, string, string, 'disk' | 'disk-folds' | 'memory' | 'memory-full', ...string[]];
const rows = Number(rowsText);
const copies = Number(copiesText);
const fd = openSync(file, 'r');
// Rows per popcount from the first row of each group, without a table of every row's popcount (which at
// 100M rows would be 200 MB of this process's own, not the engine's).
const counts = new Uint32Array(MORGAN_BYTES * 8 + 2);
const fingerprint = new Uint8Array(MORGAN_BYTES);
for (let group = 0; group < rows / copies; group++) {
  readSync(fd, fingerprint, 0, MORGAN_BYTES, group * copies * MORGAN_BYTES);
  counts[popcount(fingerprint)]! += copies;
}
const starts = new Uint32Array(counts.length);
for (let p = 1; p < counts.length; p++) starts[p] = starts[p - 1]! + counts[p - 1]!;
let column: FingerprintColumn;
if (mode === 'disk' || mode === 'disk-folds') {
  column = fileColumn(file, rows, starts, mode === 'disk-folds' ? `${file}.fold-bits` : undefined);
} else {
  column = { memory: allocateFingerprintMemory(rows), count: rows, popcountStarts: starts };
  const view = fingerprintView(column);
  for (let at = 0; at < view.length; ) at += readSync(fd, view, at, Math.min(1 << 26, view.length - at), at);
  foldFingerprints(column);
}
closeSync(fd);
await loadRDKit();
const fingerprints = queries.map((smiles) => withMol(smiles, morganFingerprint)).filter((fp): fp is Uint8Array => fp !== undefined && fp !== null);
const pool = createScanPool(2);
const ms: number[] = [];
const scanned: number[] = [];
const digest = createHash('sha256');
try {
  for (const pass of [0, 1]) {
    for (const query of fingerprints) {
      const started = performance.now();
      const hits = await morganScan(column, `replicated-${rows}-${mode}`, query, { limit: 30, threshold: 0, pool, kernel: mode === 'memory-full' ? 'wasm-full' : 'wasm' });
      if (pass === 1) {
        ms.push(performance.now() - started);
        scanned.push(hits.scannedRows);
        digest.update(new Uint8Array(hits.rows.buffer, hits.rows.byteOffset, hits.rows.byteLength));
        digest.update(new Uint8Array(hits.similarities.buffer, hits.similarities.byteOffset, hits.similarities.byteLength));
      }
    }
  }
} finally {
  await pool.close();
}
process.stdout.write(`${JSON.stringify({ ms, scanned, rss: process.memoryUsage().rss, hits: digest.digest('hex').slice(0, 16) })}\n`);
