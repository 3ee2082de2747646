// `npm run bench -- model-format <catalogue folder>...`: what the current 3D model format makes of the models a
// catalogue stores: bytes a model, the microseconds to decode one and to build its stage-1 grids from it
// (the two stage 1 pays for every row its index finds) against the stored format's, and how far coordinates
// and charges move. The stored models are decoded and encoded again, so their coordinates are quantised twice
// (up to a whole step, 0.005 Å, from the conformer generator's rather than half of one); an import quantises once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODEL_FORMAT_VERSION, decodeModel, encodeModel } from '@molsearch/chem';
import { COARSE_GRID_BYTES, GRID_BYTES, GRID_SLOTS, catalogueGridRow } from '@molsearch/engine/bench';

const ROUNDS = 9;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const spread = (values: number[]): string => `${median(values).toFixed(1)} µs [${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}]`;

/** Microseconds a model of `models` for `work`, once a round, the two sets taking turns. */
function timed(sets: Uint8Array[][], work: (model: Uint8Array) => void): number[][] {
  const times = sets.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    sets.forEach((models, k) => {
      const started = performance.now();
      for (const model of models) work(model);
      times[k]!.push((1000 * (performance.now() - started)) / models.length);
    });
  }
  return times;
}

function report(folder: string): void {
  const blob = readFileSync(join(folder, 'models.bin'));
  const offsets = new Uint32Array(readFileSync(join(folder, 'models.idx')).buffer.slice(0));
  const stored: Uint8Array[] = [];
  for (let row = 0; row + 1 < offsets.length; row++) if (offsets[row + 1]! > offsets[row]!) stored.push(blob.subarray(offsets[row]!, offsets[row + 1]!));
  if (stored.length === 0) throw new Error(`${folder} stores no 3D models`);
  let coordinateMove = 0;
  let chargeMove = 0;
  const current = stored.map((bytes) => {
    const model = decodeModel(bytes);
    const again = encodeModel({ ...model, summaries: undefined });
    const back = decodeModel(again);
    back.conformers.forEach((coords, c) => coords.forEach((x, i) => (coordinateMove = Math.max(coordinateMove, Math.abs(x - model.conformers[c]![i]!)))));
    back.charges.forEach((q, i) => (chargeMove = Math.max(chargeMove, Math.abs(q - model.charges[i]!))));
    return again;
  });
  const versions = new Set(stored.map((bytes) => bytes[3]));
  const bytesOf = (models: Uint8Array[]) => models.reduce((sum, bytes) => sum + bytes.length, 0) / models.length;
  const grids = new Uint8Array(GRID_SLOTS * (GRID_BYTES + COARSE_GRID_BYTES));
  const [decodeStored, decodeCurrent] = timed([stored, current], (bytes) => decodeModel(bytes));
  const [gridStored, gridCurrent] = timed([stored, current], (bytes) => {
    grids.fill(0);
    catalogueGridRow(bytes, grids, 0);
  });
  console.log(`${folder}: ${stored.length.toLocaleString()} models stored in format ${[...versions].join(', ')}, re-encoded in format ${MODEL_FORMAT_VERSION}`);
  console.log(`  bytes a model: ${bytesOf(stored).toFixed(1)} stored, ${bytesOf(current).toFixed(1)} re-encoded (${(bytesOf(current) - bytesOf(stored)).toFixed(1)})`);
  console.log(`  decoding: ${spread(decodeStored!)} stored, ${spread(decodeCurrent!)} re-encoded, ratio ${(median(decodeCurrent!) / median(decodeStored!)).toFixed(2)}`);
  console.log(`  stage-1 grids of a row: ${spread(gridStored!)} stored, ${spread(gridCurrent!)} re-encoded, ratio ${(median(gridCurrent!) / median(gridStored!)).toFixed(2)}`);
  console.log(`  largest move: ${coordinateMove.toFixed(4)} Å a coordinate, ${chargeMove.toExponential(2)} e a charge (medians and [min-max] over ${ROUNDS} rounds, taking turns)`);
}

export async function run(args: string[]): Promise<void> {
  if (args.length === 0) throw new Error('usage: npm run bench -- model-format <catalogue folder>...');
  for (const folder of args) report(folder);
}
