/**
 * The three USR moments of the distances from `origin` to the points listed in `members` (or all points):
 * mean, population standard deviation, and the cube root of the skewness (third central moment over
 * sd^3), as in USR and RDKit. `points` is a flat array with `dimensions` values per point. An empty
 * selection gives zeros; a zero spread gives zero skewness.
 */
export function distanceMoments(
  points: ArrayLike<number>,
  dimensions: number,
  origin: ArrayLike<number>,
  members?: ArrayLike<number>,
): [mean: number, sd: number, skew: number] {
  const count = members ? members.length : points.length / dimensions;
  if (count === 0) return [0, 0, 0];
  const distances = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const base = (members ? (members[k] ?? 0) : k) * dimensions;
    let squared = 0;
    for (let d = 0; d < dimensions; d++) {
      const delta = (points[base + d] ?? 0) - (origin[d] ?? 0);
      squared += delta * delta;
    }
    distances[k] = Math.sqrt(squared);
  }
  // Moments are taken about the first distance: subtracting a data value is exact for nearby values, so
  // nearly symmetric sets (two atoms of a class) keep a third moment of ~0 instead of the mean's rounding
  // error (relative to the distance itself), which the cube root would blow up to ~1e-4.
  const pivot = distances[0] ?? 0;
  let shiftedMean = 0;
  for (const distance of distances) shiftedMean += distance - pivot;
  shiftedMean /= count;
  const mean = pivot + shiftedMean;
  let second = 0;
  let third = 0;
  for (const distance of distances) {
    const deviation = distance - pivot - shiftedMean;
    second += deviation * deviation;
    third += deviation * deviation * deviation;
  }
  const sd = Math.sqrt(second / count);
  const skew = sd === 0 ? 0 : Math.cbrt(third / count / (sd * sd * sd));
  return [mean, sd, skew];
}

/** Index of the point farthest from (or, with `closest`, nearest to) `origin`; the first one on ties. */
export function extremePoint(points: ArrayLike<number>, dimensions: number, origin: ArrayLike<number>, closest = false): number {
  const count = points.length / dimensions;
  let best = -1;
  let bestDistance = closest ? Infinity : -Infinity;
  for (let k = 0; k < count; k++) {
    let squared = 0;
    for (let d = 0; d < dimensions; d++) {
      const delta = (points[k * dimensions + d] ?? 0) - (origin[d] ?? 0);
      squared += delta * delta;
    }
    if (closest ? squared < bestDistance : squared > bestDistance) {
      best = k;
      bestDistance = squared;
    }
  }
  return best;
}

export function centroid(points: ArrayLike<number>, dimensions: number): Float64Array {
  const count = points.length / dimensions;
  const centre = new Float64Array(dimensions);
  for (let k = 0; k < count; k++) {
    for (let d = 0; d < dimensions; d++) centre[d] = (centre[d] ?? 0) + (points[k * dimensions + d] ?? 0);
  }
  if (count > 0) for (let d = 0; d < dimensions; d++) centre[d] = (centre[d] ?? 0) / count;
  return centre;
}
