import { buildBoundsMatrix, type BoundsMatrix } from './bounds-matrix.ts';
import { distanceGeometryError, volumeTerms, type DistanceGeometryError } from './distance-geometry-error.ts';
import { embedSkeleton, polishSkeleton } from './conformer-kernel.ts';
import { metricEmbedding } from './metric-embedding.ts';
import { seededRandom } from './random.ts';
import { refinementForceField, type ForceField } from './refinement-force-field.ts';
import { stereoSatisfied } from './stereo-check.ts';
import { torsionPreferences } from './torsion-preferences.ts';
import { smoothBounds } from './triangle-smoothing.ts';
import type { ConformerClock } from './stage-clock.ts';
import type { Topology } from './topology.ts';

/** Beyond this many skeleton atoms the O(n³) smoothing is skipped and embedding starts from random coordinates. */
const SMOOTHING_LIMIT = 250;
export const VDW_SCALE = 0.75;
const RELAXED_VDW_SCALE = 0.45;

export interface SkeletonEmbedder {
  topology: Topology;
  /** Bounds were inconsistent even relaxed, or the molecule was too large to smooth: results are approximate. */
  approximate: boolean;
  embed: (seed: number, deadline: number) => { coordinates: Float64Array; stereoOk: boolean };
}

function copyBounds(bounds: BoundsMatrix): BoundsMatrix {
  return { ...bounds, lower: bounds.lower.slice(), upper: bounds.upper.slice() };
}

/** Disconnected pieces (salts, mixtures) have no path between them: keep them within a few ångström. */
function boundFragments(bounds: BoundsMatrix): void {
  const { n, lower, upper } = bounds;
  const fragment = new Int32Array(n).fill(-1);
  const diameter: number[] = [];
  for (let start = 0; start < n; start++) {
    if ((fragment[start] as number) >= 0) continue;
    const id = diameter.length;
    let largest = 0;
    for (let j = 0; j < n; j++) {
      const u = upper[start * n + j] as number;
      if (j === start || u < 999) {
        fragment[j] = id;
        if (j !== start) largest = Math.max(largest, u);
      }
    }
    diameter.push(largest);
  }
  if (diameter.length < 2) return;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
    const fi = fragment[i] as number;
    const fj = fragment[j] as number;
    if (fi === fj) continue;
    const u = Math.max((lower[i * n + j] as number) + 2, ((diameter[fi] ?? 0) + (diameter[fj] ?? 0)) / 2 + 4);
    upper[i * n + j] = upper[j * n + i] = u;
  }
}

function smoothedBounds(topology: Topology): { local: BoundsMatrix; smoothed: BoundsMatrix; consistent: boolean } {
  const local = buildBoundsMatrix(topology, VDW_SCALE);
  if (topology.size > SMOOTHING_LIMIT) return { local, smoothed: local, consistent: false };
  let smoothed = copyBounds(local);
  if (smoothBounds(smoothed)) {
    boundFragments(smoothed);
    return { local, smoothed, consistent: true };
  }
  smoothed = buildBoundsMatrix(topology, RELAXED_VDW_SCALE);
  const consistent = smoothBounds(smoothed);
  if (!consistent) {
    const { n, lower, upper } = smoothed;
    for (let k = 0; k < n * n; k++) if ((lower[k] as number) > (upper[k] as number)) lower[k] = upper[k] as number;
  }
  boundFragments(smoothed);
  return { local, smoothed, consistent };
}

function randomStart(n: number, random: () => number, dim: number, out: Float64Array): void {
  // About one heavy atom per 20 Å³, as in packed organic matter.
  const side = Math.cbrt(20 * n);
  for (let k = 0; k < n * dim; k++) out[k] = (random() - 0.5) * side;
}

/**
 * Prepares everything that depends only on the molecule (bounds, smoothing, force-field terms) once,
 * then embeds skeletons for any number of seeds: 4D distance geometry with chiral volumes, collapse to
 * 3D, and a force-field polish with torsion preferences.
 */
export function skeletonEmbedder(topology: Topology, clock?: ConformerClock): SkeletonEmbedder {
  const n = topology.size;
  const { local, smoothed, consistent } = smoothedBounds(topology);
  // A fourth dimension only helps centres of the wrong hand pass through each other: without chiral
  // centres the embedding stays in 3D and skips the collapse stage.
  const dim = topology.chiral.length > 0 ? 4 : 3;
  const error: DistanceGeometryError = distanceGeometryError(smoothed, topology.chiral, dim);
  const volumes = volumeTerms(topology.chiral, local);
  const forceField: ForceField = refinementForceField(topology, local, torsionPreferences(topology), volumes);
  const large = n > SMOOTHING_LIMIT;
  return {
    topology,
    approximate: !consistent,
    embed(seed, deadline) {
      const random = seededRandom(seed);
      const start = new Float64Array(dim * n);
      if (large) randomStart(n, random, dim, start);
      else metricEmbedding(smoothed, random, dim, start);
      error.fourthDimensionWeight = 0;
      embedSkeleton(error, start, { maxIterations: 300, gradientTolerance: 5e-3, deadline });
      if (dim === 4) {
        error.fourthDimensionWeight = 0.3;
        embedSkeleton(error, start, { maxIterations: 200, gradientTolerance: 1e-3, deadline });
      }
      const x3 = new Float64Array(3 * n);
      for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) x3[3 * i + k] = start[dim * i + k] as number;
      const stereoOk = stereoSatisfied(topology, x3);
      clock?.lap('embed');
      // Polishing to convergence (not just a few steps) lets the torsion preferences settle: it raised the
      // shape gate's mean by about 0.01 for a third more time per conformer.
      polishSkeleton(forceField, x3, { maxIterations: 600, gradientTolerance: 0.01, deadline });
      clock?.lap('polish');
      return { coordinates: x3, stereoOk: stereoOk && stereoSatisfied(topology, x3) };
    },
  };
}
