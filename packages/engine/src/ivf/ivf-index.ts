/**
 * Inverted-file (IVF) index over fixed-length descriptor vectors, for the stage 1 of the 3D methods:
 * vectors are clustered (about sqrt(N) lists), each list stored contiguously so that a probe reads
 * whole lists, and a query visits the `nprobe` lists whose centroids are nearest.
 *
 * Distances are L1 (mean absolute difference), the metric of the USR family
 * (similarity = 1 / (1 + mean |a - b|)), so clustering, probing and ranking agree.
 */
import { seededRandom } from '@molsearch/chem';

export interface IvfIndex {
  dim: number;
  /** lists x dim. */
  centroids: Float32Array;
  /** lists + 1 offsets into `rows` / `vectors`: list l holds entries offsets[l] .. offsets[l + 1]. */
  offsets: Uint32Array;
  /** Catalogue row of each entry, grouped by list. */
  rows: Uint32Array;
  /** entries x dim, grouped by list, same order as `rows`. */
  vectors: Float32Array;
}

export interface IvfBuildOptions {
  /** Default round(sqrt(N)), at least 1. */
  lists?: number;
  /** Lloyd iterations on the training sample. Default 12. */
  iterations?: number;
  /** Vectors used to train the centroids (all when fewer). Default 256 per list. */
  trainingSize?: number;
  /** Same seed, same index. */
  seed?: number;
}

/** Builds the index of `vectors` (N x dim, row-major); entry i is catalogue row `rows[i]` (default i). */
export function buildIvfIndex(vectors: Float32Array, dim: number, options: IvfBuildOptions = {}, rows?: Uint32Array): IvfIndex {
  const count = vectors.length / dim;
  if (!Number.isInteger(count)) throw new RangeError(`${vectors.length} values are not a whole number of ${dim}-long vectors.`);
  const lists = Math.max(1, Math.min(count, options.lists ?? Math.round(Math.sqrt(count))));
  const random = seededRandom(options.seed ?? 1);
  const training = sampleRows(count, Math.min(count, options.trainingSize ?? 256 * lists), random);
  const centroids = initialCentroids(vectors, dim, training, lists, random);
  const assignment = new Uint32Array(training.length);
  for (let iteration = 0; iteration < (options.iterations ?? 12); iteration++) {
    training.forEach((row, i) => {
      assignment[i] = nearestCentroid(centroids, lists, dim, vectors, row * dim);
    });
    updateCentroids(centroids, lists, dim, vectors, training, assignment);
  }
  const listOf = new Uint32Array(count);
  const sizes = new Uint32Array(lists);
  for (let row = 0; row < count; row++) {
    const list = nearestCentroid(centroids, lists, dim, vectors, row * dim);
    listOf[row] = list;
    sizes[list] = sizes[list]! + 1;
  }
  const offsets = new Uint32Array(lists + 1);
  for (let l = 0; l < lists; l++) offsets[l + 1] = offsets[l]! + sizes[l]!;
  const cursor = offsets.slice(0, lists);
  const groupedRows = new Uint32Array(count);
  const grouped = new Float32Array(count * dim);
  for (let row = 0; row < count; row++) {
    const at = cursor[listOf[row]!]!;
    cursor[listOf[row]!] = at + 1;
    groupedRows[at] = rows ? rows[row]! : row;
    grouped.set(vectors.subarray(row * dim, (row + 1) * dim), at * dim);
  }
  return { dim, centroids, offsets, rows: groupedRows, vectors: grouped };
}

export interface IvfCandidates {
  /** Catalogue rows, most similar first. */
  rows: Uint32Array;
  /** Descriptor similarity 1 / (1 + mean |a - b|) of each row. */
  similarities: Float64Array;
  /** Entries compared (the sizes of the probed lists). */
  scanned: number;
}

/** The `limit` entries most similar to `query` among the `nprobe` lists with the nearest centroids. */
export function probeIvf(index: IvfIndex, query: ArrayLike<number>, nprobe: number, limit: number): IvfCandidates {
  const { dim } = index;
  const lists = index.offsets.length - 1;
  const order = Array.from({ length: lists }, (_, l) => ({ l, d: l1(index.centroids, l * dim, query, dim) })).sort((a, b) => a.d - b.d || a.l - b.l);
  const probed = order.slice(0, Math.max(1, Math.min(lists, nprobe)));
  const entries: { row: number; similarity: number }[] = [];
  let scanned = 0;
  for (const { l } of probed) {
    for (let e = index.offsets[l]!; e < index.offsets[l + 1]!; e++) {
      entries.push({ row: index.rows[e]!, similarity: 1 / (1 + l1(index.vectors, e * dim, query, dim) / dim) });
      scanned++;
    }
  }
  entries.sort((a, b) => b.similarity - a.similarity || a.row - b.row);
  const top = entries.slice(0, limit);
  return { rows: Uint32Array.from(top, (e) => e.row), similarities: Float64Array.from(top, (e) => e.similarity), scanned };
}

function l1(values: Float32Array, at: number, query: ArrayLike<number>, dim: number): number {
  let sum = 0;
  for (let i = 0; i < dim; i++) sum += Math.abs(values[at + i]! - (query[i] ?? 0));
  return sum;
}

function nearestCentroid(centroids: Float32Array, lists: number, dim: number, vectors: Float32Array, at: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let l = 0; l < lists; l++) {
    let sum = 0;
    const c = l * dim;
    for (let i = 0; i < dim && sum < bestDistance; i++) sum += Math.abs(centroids[c + i]! - vectors[at + i]!);
    if (sum < bestDistance) {
      bestDistance = sum;
      best = l;
    }
  }
  return best;
}

/** Distinct random rows (k-means++ would be better seeded, but costs N x lists distances per pick). */
function initialCentroids(vectors: Float32Array, dim: number, training: Uint32Array, lists: number, random: () => number): Float32Array {
  const centroids = new Float32Array(lists * dim);
  const picks = sampleRows(training.length, lists, random);
  picks.forEach((pick, l) => centroids.set(vectors.subarray(training[pick]! * dim, (training[pick]! + 1) * dim), l * dim));
  return centroids;
}

function updateCentroids(centroids: Float32Array, lists: number, dim: number, vectors: Float32Array, training: Uint32Array, assignment: Uint32Array): void {
  const sums = new Float64Array(lists * dim);
  const sizes = new Uint32Array(lists);
  training.forEach((row, i) => {
    const l = assignment[i]!;
    sizes[l] = sizes[l]! + 1;
    for (let d = 0; d < dim; d++) sums[l * dim + d] = sums[l * dim + d]! + vectors[row * dim + d]!;
  });
  // An emptied list keeps its centroid rather than collapsing onto another.
  for (let l = 0; l < lists; l++) {
    if (sizes[l] === 0) continue;
    for (let d = 0; d < dim; d++) centroids[l * dim + d] = sums[l * dim + d]! / sizes[l]!;
  }
}

/** `size` distinct numbers of 0..count-1 in increasing order (partial Fisher-Yates). */
function sampleRows(count: number, size: number, random: () => number): Uint32Array {
  const all = Uint32Array.from({ length: count }, (_, i) => i);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(random() * (count - i));
    const t = all[i]!;
    all[i] = all[j]!;
    all[j] = t;
  }
  return all.slice(0, size).sort();
}

