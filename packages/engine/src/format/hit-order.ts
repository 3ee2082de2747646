/**
 * The one order of search hits: similarity descending, then row ascending. A total order makes results
 * independent of scan order, so a split scan merged back gives exactly the single-thread answer.
 */
export function isBetter(score: number, row: number, otherScore: number, otherRow: number): boolean {
  return score > otherScore || (score === otherScore && row < otherRow);
}

export function sortHits(rows: ArrayLike<number>, scores: ArrayLike<number>): { rows: Uint32Array; similarities: Float64Array } {
  const order = Array.from({ length: rows.length }, (_, i) => i);
  order.sort((a, b) => scores[b]! - scores[a]! || rows[a]! - rows[b]!);
  return {
    rows: Uint32Array.from(order, (i) => rows[i]!),
    similarities: Float64Array.from(order, (i) => scores[i]!),
  };
}
