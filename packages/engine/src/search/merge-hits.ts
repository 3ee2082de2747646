import { EngineError } from '../format/engine-error.ts';
import { sortHits } from '../format/hit-order.ts';
import { consensusScore, mergedReference } from './score-fusion.ts';
import type { ReferenceScores } from './score-fusion.ts';

/** The hits of one catalogue part (or a whole catalogue): rows, exact scores best first, and consensus's components. */
export interface PartHits {
  rows: Uint32Array;
  similarities: Float64Array;
  components?: { morgan: Float64Array; shape: Float64Array; electrostatic: Float64Array };
  /** A consensus search of one part of several (consensus-search.ts asPart): its reference sample's scores. */
  reference?: ReferenceScores;
}

/**
 * The best `limit` of the parts' hits, in the one order of hits (format/hit-order.ts: similarity
 * descending, then row ascending), rows already in one numbering. Each part's list holds its exact top
 * `limit`, so the merged list is exactly the top `limit` of all the parts' molecules: the hits of the
 * catalogue imported whole, up to the order of equal scores (rows are numbered differently). Consensus hits
 * of parts are fused again first (fusedPartHits), and kept from `threshold`.
 */
export function mergePartHits(parts: readonly PartHits[], limit: number, threshold = 0): PartHits {
  if (parts.some((hits) => hits.reference)) return fusedPartHits(parts, limit, threshold);
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

/**
 * The consensus hits of a catalogue's parts: each part returns every candidate it scored with its three
 * exact scores, fused against its own reference sample; fused again here against the parts' samples merged
 * (the whole catalogue's, score-fusion.ts mergedReference), kept from `threshold` and cut to the best
 * `limit`. Every molecule then scores as in the catalogue imported whole, whose candidates lie among the
 * parts' (each part's best by every source).
 */
function fusedPartHits(parts: readonly PartHits[], limit: number, threshold: number): PartHits {
  if (!parts.every((hits) => hits.reference && hits.components)) throw new EngineError('WORKER_FAILED', 'A part of a consensus search answered without its reference sample.');
  const reference = mergedReference(parts.map((hits) => hits.reference!));
  const rows: number[] = [];
  const fused: number[] = [];
  const scores: { morgan: number; shape: number; electrostatic: number }[] = [];
  for (const hits of parts) {
    const { morgan, shape, electrostatic } = hits.components!;
    hits.rows.forEach((row, at) => {
      const component = { morgan: morgan[at]!, shape: shape[at]!, electrostatic: electrostatic[at]! };
      const similarity = consensusScore(reference, component);
      if (similarity >= threshold) {
        rows.push(row);
        fused.push(similarity);
        scores.push(component);
      }
    });
  }
  const sorted = sortHits(rows, fused);
  const kept = sorted.rows.subarray(0, limit);
  const byRow = new Map(rows.map((row, i) => [row, scores[i]!]));
  const column = (key: 'morgan' | 'shape' | 'electrostatic'): Float64Array => Float64Array.from(kept, (row) => byRow.get(row)![key]);
  return { rows: kept, similarities: sorted.similarities.subarray(0, limit), components: { morgan: column('morgan'), shape: column('shape'), electrostatic: column('electrostatic') } };
}
