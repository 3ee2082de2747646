/**
 * The rows of an import whose id an earlier row already has, found once every row is in: the import keeps
 * the first row of each id and drops the rest. Rows arrive with only a 52-bit hash of their id kept (in the
 * work folder, not in memory); here the hashes are sorted to find the few that occur more than once, and
 * only the rows of those are compared by id (`idOf`, read back from where the caller keeps them), so a
 * collision of two distinct ids never drops a row. Memory: 16 bytes a row while this runs, nothing while
 * rows arrive. Finding repeats as rows arrived took a table of hashes and rows, 24 to 48 bytes an id, that
 * grew with every row of the import; the id strings in a Set before that, 96 bytes.
 */
export function repeatedIdRows(hashes: Float64Array, idOf: (row: number) => string): Uint32Array {
  const sorted = hashes.slice().sort();
  const repeatedHashes = new Set<number>();
  for (let k = 1; k < sorted.length; k++) if (sorted[k] === sorted[k - 1]) repeatedHashes.add(sorted[k]!);
  if (repeatedHashes.size === 0) return new Uint32Array(0);
  const firstRowOf = new Map<string, number>();
  const repeats: number[] = [];
  hashes.forEach((hash, row) => {
    if (!repeatedHashes.has(hash)) return;
    const id = idOf(row);
    if (firstRowOf.has(id)) repeats.push(row);
    else firstRowOf.set(id, row);
  });
  return Uint32Array.from(repeats);
}

/** A 52-bit hash of the id's UTF-16 code units: two 32-bit FNV-1a variants, one shifted into the high bits. */
export function idHash(id: string): number {
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (let i = 0; i < id.length; i++) {
    const unit = id.charCodeAt(i);
    low = Math.imul(low ^ unit, 0x01000193) >>> 0;
    high = Math.imul(high ^ unit, 0x5bd1e995) >>> 0;
    high ^= high >>> 15;
  }
  return (high & 0xfffff) * 0x100000000 + low;
}
