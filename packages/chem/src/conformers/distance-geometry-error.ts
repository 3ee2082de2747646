import type { BoundsMatrix } from './bounds-matrix.ts';
import type { ChiralCentre } from './topology.ts';
import { addSignedVolumeGradient, signedVolume } from './signed-volume.ts';

/**
 * The distance-geometry error function on coordinates of dimension `dim` (3 or 4): squared violations
 * of the distance bounds, of the chiral volumes, and optionally a penalty pulling the fourth
 * coordinate to zero (embedding in 4D first lets wrongly-handed centres pass through each other).
 */
export interface DistanceGeometryError {
  dim: number;
  fourthDimensionWeight: number;
  evaluate: (x: Float64Array, gradient: Float64Array) => number;
  /** The same terms as one table for the WebAssembly minimiser (layout in assembly/conformer-minimiser.ts). */
  table: Float64Array;
}

export interface VolumeTerm { centre: number; n0: number; n1: number; n2: number; low: number; high: number }

export function volumeTerms(chiral: ChiralCentre[], bounds: BoundsMatrix): VolumeTerm[] {
  return chiral.map(({ centre, neighbours: [n0, n1, n2], sign }) => {
    const n = bounds.n;
    const lengths = [n0, n1, n2].map((j) => Math.sqrt((bounds.lower[centre * n + j] as number) * (bounds.upper[centre * n + j] as number)));
    // Three tetrahedral bond vectors span a volume of about 0.77 * the product of their lengths.
    const ideal = 0.77 * (lengths[0] ?? 1.5) * (lengths[1] ?? 1.5) * (lengths[2] ?? 1.5);
    return sign > 0 ? { centre, n0, n1, n2, low: 0.5 * ideal, high: 1.3 * ideal } : { centre, n0, n1, n2, low: -1.3 * ideal, high: -0.5 * ideal };
  });
}

export function distanceGeometryError(bounds: BoundsMatrix, chiral: ChiralCentre[], dim: number): DistanceGeometryError {
  const n = bounds.n;
  const pairs = (n * (n - 1)) / 2;
  const pairI = new Int32Array(pairs);
  const pairJ = new Int32Array(pairs);
  const lower2 = new Float64Array(pairs);
  const upper2 = new Float64Array(pairs);
  let p = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
    pairI[p] = i;
    pairJ[p] = j;
    lower2[p] = (bounds.lower[i * n + j] as number) ** 2;
    upper2[p] = (bounds.upper[i * n + j] as number) ** 2;
    p++;
  }
  const volumes = volumeTerms(chiral, bounds);
  const table = new Float64Array(3 + 4 * pairs + 6 * volumes.length);
  table.set([pairs, volumes.length, dim]);
  for (let q = 0; q < pairs; q++) table.set([dim * (pairI[q] as number), dim * (pairJ[q] as number), lower2[q] as number, upper2[q] as number], 3 + 4 * q);
  volumes.forEach(({ centre, n0, n1, n2, low, high }, v) => table.set([dim * centre, dim * n0, dim * n1, dim * n2, low, high], 3 + 4 * pairs + 6 * v));
  const state: DistanceGeometryError = {
    dim,
    fourthDimensionWeight: 0,
    table,
    evaluate(x, gradient) {
      gradient.fill(0);
      let energy = 0;
      for (let q = 0; q < pairs; q++) {
        const i = (pairI[q] as number) * dim;
        const j = (pairJ[q] as number) * dim;
        let d2 = 0;
        for (let k = 0; k < dim; k++) {
          const delta = (x[i + k] as number) - (x[j + k] as number);
          d2 += delta * delta;
        }
        const u2 = upper2[q] as number;
        const l2 = lower2[q] as number;
        let slope = 0;
        if (d2 > u2) {
          const t = d2 / u2 - 1;
          energy += t * t;
          slope = (2 * t) / u2;
        } else if (d2 < l2) {
          const s = l2 + d2;
          const t = (2 * l2) / s - 1;
          energy += t * t;
          slope = (-4 * t * l2) / (s * s);
        } else continue;
        for (let k = 0; k < dim; k++) {
          const g = 2 * slope * ((x[i + k] as number) - (x[j + k] as number));
          gradient[i + k] = (gradient[i + k] as number) + g;
          gradient[j + k] = (gradient[j + k] as number) - g;
        }
      }
      energy += volumeEnergy(volumes, x, gradient, dim, 1);
      const w = state.fourthDimensionWeight;
      if (w > 0 && dim === 4) {
        for (let i = 3; i < x.length; i += 4) {
          const v = x[i] as number;
          energy += w * v * v;
          gradient[i] = (gradient[i] as number) + 2 * w * v;
        }
      }
      return energy;
    },
  };
  return state;
}

/** Flat-bottomed harmonic restraint of signed volumes (first three coordinates of each atom). */
export function volumeEnergy(terms: readonly VolumeTerm[], x: Float64Array, gradient: Float64Array, dim: number, weight: number): number {
  let energy = 0;
  for (const term of terms) {
    const c = term.centre * dim;
    const a = term.n0 * dim;
    const b = term.n1 * dim;
    const d = term.n2 * dim;
    const volume = signedVolume(x, a, b, c, d);
    let violation = 0;
    if (volume < term.low) violation = volume - term.low;
    else if (volume > term.high) violation = volume - term.high;
    else continue;
    energy += weight * violation * violation;
    addSignedVolumeGradient(x, gradient, a, b, c, d, 2 * weight * violation);
  }
  return energy;
}
