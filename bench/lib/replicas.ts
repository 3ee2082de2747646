// Replicated rows for the scale benchmark: real prepared molecules copied, each copy's conformers perturbed
// (every coordinate moved by a seeded normal draw) so no two rows have identical grids or index vectors.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { decodeModel, encodeModel, seededRandom } from '@molsearch/chem';
import type { MoleculePreparer } from '@molsearch/engine';
import type { PreparedBatch, PrepareRequest } from '@molsearch/engine/bench';

/** Standard deviation of the perturbation, Å: enough to move voxels of the 1 Å grids, far below a conformer change. */
export const PERTURBATION = 0.15;

/** One real row of a prepared batch. */
interface SourceRow {
  smiles: string;
  fingerprint: Uint8Array;
  numbers: Float32Array;
  texts: string[];
  model: Uint8Array;
}

/** The real rows of prepared batches, by id. */
export function sourceRows(batches: Iterable<PreparedBatch>): Map<string, SourceRow> {
  const rows = new Map<string, SourceRow>();
  for (const batch of batches) {
    const width = batch.ids.length === 0 ? 0 : batch.numbers.length / batch.ids.length;
    batch.ids.forEach((id, i) => {
      rows.set(id, {
        smiles: batch.smiles[i]!,
        fingerprint: batch.fingerprints.slice(i * 256, (i + 1) * 256),
        numbers: batch.numbers.slice(i * width, (i + 1) * width),
        texts: batch.texts.map((column) => column[i]!),
        model: batch.models?.[i] ?? new Uint8Array(0),
      });
    });
  }
  return rows;
}

/** Copy `copy` of an encoded model: copy 0 is the real one; the others have every coordinate perturbed by a draw seeded by the id. */
export function perturbedModel(model: Uint8Array, id: string, copy: number): Uint8Array {
  if (copy === 0 || model.byteLength === 0) return model;
  const decoded = decodeModel(model);
  const random = seededRandom(createHash('sha1').update(`${id}#${copy}`).digest().readUInt32LE(0));
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return encodeModel({ ...decoded, summaries: undefined, conformers: decoded.conformers.map((coords) => coords.map((value) => value + PERTURBATION * normal())) });
}

/** The id of copy `copy` of a real row. */
export function replicaId(id: string, copy: number): string {
  return copy === 0 ? id : `${id}~${copy}`;
}

/** The real row's id and copy number of a replica's id (replicaId). */
export function replicaSource(id: string): { id: string; copy: number } {
  const cut = id.lastIndexOf('~');
  return cut < 0 ? { id, copy: 0 } : { id: id.slice(0, cut), copy: Number(id.slice(cut + 1)) };
}

/** Writes the input file of a replicated catalogue: every source row `copies` times, copy after copy, a copy at a time (10^7 lines exceed one string). */
export async function writeReplicaInput(path: string, rows: Map<string, SourceRow>, copies: number): Promise<number> {
  const out = createWriteStream(path);
  let lines = 0;
  for (let copy = 0; copy < copies; copy++) {
    const chunk: string[] = [];
    for (const [id, row] of rows) chunk.push(`${row.smiles}\t${replicaId(id, copy)}\n`);
    lines += chunk.length;
    if (!out.write(chunk.join(''))) await once(out, 'drain');
  }
  out.end();
  await finished(out);
  return lines;
}

/** A preparer that answers each replica row from its real row, perturbing the model; no chemistry runs. */
export function replicaPreparer(rows: Map<string, SourceRow>): MoleculePreparer {
  return {
    async prepare(request: PrepareRequest): Promise<PreparedBatch> {
      const batch: PreparedBatch = { lines: [], ids: [], smiles: [], fingerprints: new Uint8Array(256 * request.molecules.length), numbers: new Float32Array(0), texts: [], rejected: [], models: [] };
      const numbers: number[] = [];
      for (const molecule of request.molecules) {
        const { id: sourceId, copy } = replicaSource(molecule.id);
        const source = rows.get(sourceId);
        if (!source) {
          batch.rejected.push({ line: molecule.line, message: `no real row ${sourceId}` });
          continue;
        }
        const i = batch.ids.length;
        batch.lines.push(molecule.line);
        batch.ids.push(molecule.id);
        batch.smiles.push(source.smiles);
        batch.fingerprints.set(source.fingerprint, 256 * i);
        numbers.push(...source.numbers);
        source.texts.forEach((text, t) => (batch.texts[t] ??= []).push(text));
        batch.models!.push(perturbedModel(source.model, sourceId, copy));
      }
      batch.fingerprints = batch.fingerprints.slice(0, 256 * batch.ids.length);
      batch.numbers = Float32Array.from(numbers);
      return batch;
    },
    close: async () => {},
  };
}
