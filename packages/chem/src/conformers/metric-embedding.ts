import type { BoundsMatrix } from './bounds-matrix.ts';
import type { Random } from './random.ts';

const POWER_ITERATIONS = 40;

/**
 * Classical distance-geometry embedding: draw each distance uniformly between its bounds, build the
 * metric (Gram) matrix about the centroid, and take its top `dim` eigenvectors by block power
 * iteration. Writes `dim` coordinates per atom into `out`. The result only needs to be a good start:
 * the error-function minimisation that follows does the real work.
 */
export function metricEmbedding(bounds: BoundsMatrix, random: Random, dim: number, out: Float64Array): void {
  if (dim < 1 || dim > 4) throw new RangeError(`Metric embedding in ${dim} dimensions: 1 to 4 are supported.`);
  const { n, lower, upper } = bounds;
  const gram = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const l = lower[i * n + j] as number;
      const d = l + random() * ((upper[i * n + j] as number) - l);
      gram[i * n + j] = gram[j * n + i] = d * d;
    }
  }
  const rowMean = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < n; j++) sum += gram[i * n + j] as number;
    rowMean[i] = sum / n;
    total += sum;
  }
  total /= n * n;
  // G_ij = -(d_ij² - mean_i - mean_j + mean) / 2
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      gram[i * n + j] = -0.5 * ((gram[i * n + j] as number) - (rowMean[i] as number) - (rowMean[j] as number) + total);
    }
  }
  const vectors = new Float64Array(dim * n);
  const next = new Float64Array(dim * n);
  for (let k = 0; k < dim * n; k++) vectors[k] = random() - 0.5;
  const eigenvalues = new Float64Array(dim);
  for (let iteration = 0; iteration < POWER_ITERATIONS; iteration++) {
    multiplyBlock(gram, vectors, n, dim, next);
    // Gram–Schmidt keeps the block orthonormal; the norms estimate the eigenvalues.
    for (let v = 0; v < dim; v++) {
      for (let w = 0; w < v; w++) {
        let dot = 0;
        for (let i = 0; i < n; i++) dot += (next[v * n + i] as number) * (next[w * n + i] as number);
        for (let i = 0; i < n; i++) next[v * n + i] = (next[v * n + i] as number) - dot * (next[w * n + i] as number);
      }
      let norm = 0;
      for (let i = 0; i < n; i++) norm += (next[v * n + i] as number) ** 2;
      norm = Math.sqrt(norm);
      eigenvalues[v] = norm;
      if (norm < 1e-12) {
        for (let i = 0; i < n; i++) next[v * n + i] = random() - 0.5;
        continue;
      }
      for (let i = 0; i < n; i++) next[v * n + i] = (next[v * n + i] as number) / norm;
    }
    vectors.set(next);
  }
  for (let v = 0; v < dim; v++) {
    // Rayleigh quotient: negative means that direction carries no real extent (noisy distances).
    let quotient = 0;
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let j = 0; j < n; j++) sum += (gram[i * n + j] as number) * (vectors[v * n + j] as number);
      quotient += sum * (vectors[v * n + i] as number);
    }
    const scale = Math.sqrt(Math.max(quotient, 0.1));
    for (let i = 0; i < n; i++) out[i * dim + v] = scale * (vectors[v * n + i] as number);
  }
}

/**
 * next = gram · vectors for a block of up to 4 vectors (vector v at v * n) in one pass over the matrix: each
 * vector's sum is added in the same order as one vector at a time would add it, so the block is the same to
 * the last bit, while each matrix entry is read once rather than once a vector. Unused vectors' sums stay 0.
 */
function multiplyBlock(gram: Float64Array, vectors: Float64Array, n: number, dim: number, next: Float64Array): void {
  const b = n, c = 2 * n, d = 3 * n;
  for (let i = 0; i < n; i++) {
    const row = i * n;
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (let j = 0; j < n; j++) {
      const g = gram[row + j] as number;
      s0 += g * (vectors[j] as number);
      if (dim > 1) s1 += g * (vectors[b + j] as number);
      if (dim > 2) s2 += g * (vectors[c + j] as number);
      if (dim > 3) s3 += g * (vectors[d + j] as number);
    }
    next[i] = s0;
    if (dim > 1) next[b + i] = s1;
    if (dim > 2) next[c + i] = s2;
    if (dim > 3) next[d + i] = s3;
  }
}
