/** The hits of one catalogue part (or a whole catalogue): rows, exact scores best first, and consensus's components. */
export interface PartHits {
  rows: Uint32Array;
  similarities: Float64Array;
  components?: { morgan: Float64Array; shape: Float64Array; electrostatic: Float64Array };
}

/**
 * The best `limit` of the parts' hits, in the one order of hits (format/hit-order.ts: similarity
 * descending, then row ascending), rows already in one numbering. Each part's list holds its exact top
 * `limit`, so the merged list is exactly the top `limit` of all the parts' molecules: the hits of the
 * catalogue imported whole, up to the order of equal scores (rows are numbered differently).
 */
export function mergePartHits(parts: readonly PartHits[], limit: number): PartHits {
  if (parts.length === 1) return parts[0]!;
  const entries: { part: number; at: number }[] = [];
  parts.forEach((hits, part) => {
    for (let at = 0; at < hits.rows.length; at++) entries.push({ part, at });
  });
  const score = (entry: { part: number; at: number }): number => parts[entry.part]!.similarities[entry.at]!;
  const row = (entry: { part: number; at: number }): number => parts[entry.part]!.rows[entry.at]!;
  entries.sort((a, b) => score(b) - score(a) || row(a) - row(b));
  const kept = entries.slice(0, limit);
  const pick = (column: (hits: PartHits) => Float64Array): Float64Array => Float64Array.from(kept, (entry) => column(parts[entry.part]!)[entry.at]!);
  const withComponents = parts.every((hits) => hits.components);
  return {
    rows: Uint32Array.from(kept, row),
    similarities: Float64Array.from(kept, score),
    ...(withComponents ? { components: { morgan: pick((h) => h.components!.morgan), shape: pick((h) => h.components!.shape), electrostatic: pick((h) => h.components!.electrostatic) } } : {}),
  };
}
