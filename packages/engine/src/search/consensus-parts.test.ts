import { seededRandom } from '@molsearch/chem';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { partOfId } from '../format/catalogue-part.ts';
import { packBytes } from '../format/packed-bytes.ts';
import { consensusReferenceRows, referenceKey } from './reference-sample.ts';
import { mergePartHits } from './merge-hits.ts';
import type { PartHits } from './merge-hits.ts';
import { FUSION_REFERENCE_ROWS, consensusReference, consensusScore } from './score-fusion.ts';

const ROWS = 5000;
const PARTS = 3;
// Some ids outside ASCII: the sample hashes their UTF-8 bytes, read in blocks or id by id.
const ids = Array.from({ length: ROWS }, (_, row) => `${row % 11 === 0 ? 'Ž' : 'Z'}${(row * 7919) % 100_003}`);
// Every seventh row has no 3D model, so it can never be in a sample.
const hasModel = (row: number): boolean => row % 7 !== 3;

/** Just what the reference sample reads of a catalogue: its count, ids (id by id, or also in blocks) and which rows have a model. */
function catalogueOf(rows: readonly number[], inBlocks = false): Catalogue {
  const compoundIdBytes = (first: number, end: number) => packBytes(rows.slice(first, end).map((row) => Buffer.from(ids[row]!, 'utf8')));
  return {
    count: rows.length,
    compoundId: (row: number) => ids[rows[row]!]!,
    ...(inBlocks ? { compoundIdBytes } : {}),
    shape: { model: (row: number) => new Uint8Array(hasModel(rows[row]!) ? 8 : 0) },
  } as unknown as Catalogue;
}

const whole = Array.from({ length: ROWS }, (_, row) => row);
const parts = Array.from({ length: PARTS }, (_, p) => whole.filter((row) => partOfId(ids[row]!, PARTS) === p + 1));

describe('consensus over the parts of a catalogue', () => {
  it('draws in each part the rows of the whole catalogue\'s reference sample that lie in it, and no other ahead of them', () => {
    const wholeSample = Array.from(consensusReferenceRows(catalogueOf(whole)), (row) => ids[row]!);
    expect(wholeSample).toHaveLength(FUSION_REFERENCE_ROWS);
    expect(new Set(wholeSample).size).toBe(FUSION_REFERENCE_ROWS);
    expect(wholeSample.every((id) => hasModel(ids.indexOf(id)))).toBe(true);
    const fromParts = parts.flatMap((rows) => Array.from(consensusReferenceRows(catalogueOf(rows)), (row) => ids[rows[row]!]!));
    const merged = fromParts.sort((a, b) => referenceKey(a) - referenceKey(b)).slice(0, FUSION_REFERENCE_ROWS);
    expect(merged.sort()).toEqual([...wholeSample].sort());
    expect(Array.from(consensusReferenceRows(catalogueOf(whole, true)), (row) => ids[row]!)).toEqual(wholeSample);
  });

  it('fuses the parts\' hits against their samples merged, as the catalogue imported whole fuses them, and keeps them from the threshold', () => {
    const random = seededRandom(7);
    const scores = whole.map(() => ({ morgan: random() * 0.6, shape: 0.4 + random() * 0.5, electrostatic: 0.2 + random() * 0.5 }));
    const sampleOf = (rows: readonly number[]): number[] => Array.from(consensusReferenceRows(catalogueOf(rows)), (row) => rows[row]!);
    const column = (rows: readonly number[], key: 'morgan' | 'shape' | 'electrostatic'): Float64Array => Float64Array.from(rows, (row) => scores[row]![key]);
    const reference = consensusReference('shape_tanimoto', { morgan: column(sampleOf(whole), 'morgan'), shape: column(sampleOf(whole), 'shape'), electrostatic: column(sampleOf(whole), 'electrostatic') });
    const fused = whole.map((row) => consensusScore(reference, scores[row]!));
    const threshold = 0.3;
    const expected = whole.filter((row) => fused[row]! >= threshold).sort((a, b) => fused[b]! - fused[a]! || a - b).slice(0, 40);
    expect(expected.length).toBe(40);
    const answers: PartHits[] = parts.map((rows) => {
      const sample = sampleOf(rows);
      // A part's own fusion, against its own sample: what the merge replaces.
      return {
        rows: Uint32Array.from(rows),
        similarities: new Float64Array(rows.length).fill(0.5),
        components: { morgan: column(rows, 'morgan'), shape: column(rows, 'shape'), electrostatic: column(rows, 'electrostatic') },
        reference: { form: 'shape_tanimoto', keys: Float64Array.from(sample, (row) => referenceKey(ids[row]!)), morgan: column(sample, 'morgan'), shape: column(sample, 'shape'), electrostatic: column(sample, 'electrostatic') },
      };
    });
    const merged = mergePartHits(answers, 40, threshold);
    expect(Array.from(merged.rows)).toEqual(expected);
    expect(Array.from(merged.similarities)).toEqual(expected.map((row) => fused[row]!));
    expect(Array.from(merged.components!.shape)).toEqual(expected.map((row) => scores[row]!.shape));
    expect(() => mergePartHits([answers[0]!, { ...answers[1]!, reference: undefined }], 40)).toThrow(/without its reference sample/);
  });
});
