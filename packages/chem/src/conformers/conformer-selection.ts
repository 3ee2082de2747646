/**
 * The k medoids of `count` points with the distance matrix `d` (row-major): the k points that leave the
 * smallest sum of each point's distance to its nearest chosen one, found exhaustively for the small sets
 * conformer selection needs, greedily beyond. Ordered by the number of points each one stands for.
 */
export function medoids(d: Float64Array, count: number, k: number): number[] {
  if (k <= 0) return [];
  if (k >= count) return Array.from({ length: count }, (_, i) => i);
  let best: number[] = [];
  if (combinations(count, k) <= 5000) {
    const search: MedoidSearch = {
      d, count, k, best, bestCost: Infinity, chosen: [],
      nearest: Array.from({ length: k + 1 }, () => new Float64Array(count)),
    };
    search.nearest[0]!.fill(Infinity);
    visitSets(search, 0);
    best = search.best;
  } else {
    while (best.length < k) {
      let pick = -1;
      let pickCost = Infinity;
      for (let i = 0; i < count; i++) {
        if (best.includes(i)) continue;
        const c = medoidCost(d, count, [...best, i]);
        if (c < pickCost) {
          pickCost = c;
          pick = i;
        }
      }
      best.push(pick);
    }
  }
  const members = best.map(() => 0);
  for (let p = 0; p < count; p++) {
    let nearest = 0;
    best.forEach((c, m) => {
      if (d[p * count + c]! < d[p * count + best[nearest]!]!) nearest = m;
    });
    members[nearest]!++;
  }
  return best.map((c, m) => ({ c, size: members[m]! })).sort((a, b) => b.size - a.size || a.c - b.c).map(({ c }) => c);
}

/** The exhaustive medoid search: the best set so far, and the set being built with each point's distance to it. */
interface MedoidSearch {
  d: Float64Array;
  count: number;
  k: number;
  best: number[];
  bestCost: number;
  chosen: number[];
  /** nearest[depth][p]: point p's distance to the nearest of the first `depth` members chosen. */
  nearest: Float64Array[];
}

/**
 * Visits the sets that extend `search.chosen` with members from `from` on, in lexicographic order, each
 * point's distance to the nearest of a set's first members carried down the walk, so a set costs one pass
 * over the points rather than k.
 */
function visitSets(search: MedoidSearch, from: number): void {
  const { d, count, k, chosen } = search;
  const depth = chosen.length;
  const above = search.nearest[depth]!;
  const last = depth === k - 1;
  for (let i = from; i <= count - (k - depth); i++) {
    if (last) {
      let sum = 0;
      for (let p = 0; p < count; p++) sum += Math.min(above[p]!, d[p * count + i]!);
      if (sum < search.bestCost) {
        search.bestCost = sum;
        search.best = [...chosen, i];
      }
      continue;
    }
    const below = search.nearest[depth + 1]!;
    for (let p = 0; p < count; p++) below[p] = Math.min(above[p]!, d[p * count + i]!);
    chosen.push(i);
    visitSets(search, i + 1);
    chosen.pop();
  }
}

/** The sum of each point's distance to its nearest chosen one. */
function medoidCost(d: Float64Array, count: number, chosen: number[]): number {
  let sum = 0;
  for (let p = 0; p < count; p++) {
    let nearest = Infinity;
    for (const c of chosen) nearest = Math.min(nearest, d[p * count + c]!);
    sum += nearest;
  }
  return sum;
}

function combinations(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return result;
}

/**
 * Ballester and Richards' ultrafast shape recognition moments of a conformer's atoms: the mean, spread
 * and skew of their distances from the centroid, the atom nearest it, the atom farthest from it and the
 * atom farthest from that one. Alike shapes have alike moments whatever the atom order, so a turned
 * phenyl or methoxy group leaves them as they were.
 */
export function shapeMoments(x: Float64Array, atoms: ArrayLike<number>): Float64Array {
  const count = atoms.length;
  const moments = new Float64Array(12);
  if (count === 0) return moments;
  let cx = 0, cy = 0, cz = 0;
  for (let k = 0; k < count; k++) {
    const i = 3 * atoms[k]!;
    cx += x[i]!;
    cy += x[i + 1]!;
    cz += x[i + 2]!;
  }
  cx /= count;
  cy /= count;
  cz /= count;
  const cst = extremeAtom(x, atoms, cx, cy, cz, true);
  const fct = extremeAtom(x, atoms, cx, cy, cz, false);
  const ftf = extremeAtom(x, atoms, x[fct]!, x[fct + 1]!, x[fct + 2]!, false);
  const points = [cx, cy, cz, x[cst]!, x[cst + 1]!, x[cst + 2]!, x[fct]!, x[fct + 1]!, x[fct + 2]!, x[ftf]!, x[ftf + 1]!, x[ftf + 2]!];
  for (let p = 0; p < 4; p++) {
    const px = points[3 * p]!, py = points[3 * p + 1]!, pz = points[3 * p + 2]!;
    let mean = 0;
    for (let k = 0; k < count; k++) {
      const i = 3 * atoms[k]!;
      mean += Math.sqrt((x[i]! - px) ** 2 + (x[i + 1]! - py) ** 2 + (x[i + 2]! - pz) ** 2);
    }
    mean /= count;
    let second = 0, third = 0;
    for (let k = 0; k < count; k++) {
      const i = 3 * atoms[k]!;
      const d = Math.sqrt((x[i]! - px) ** 2 + (x[i + 1]! - py) ** 2 + (x[i + 2]! - pz) ** 2) - mean;
      second += d * d;
      third += d * d * d;
    }
    second /= count;
    third /= count;
    moments[3 * p] = mean;
    moments[3 * p + 1] = Math.sqrt(second);
    moments[3 * p + 2] = Math.cbrt(third);
  }
  return moments;
}

/** The offset in x of the atom nearest to (or farthest from) a point; the first of equals. */
function extremeAtom(x: Float64Array, atoms: ArrayLike<number>, px: number, py: number, pz: number, nearest: boolean): number {
  let best = -1;
  let bestD = nearest ? Infinity : -1;
  for (let k = 0; k < atoms.length; k++) {
    const i = 3 * atoms[k]!;
    const d = (x[i]! - px) ** 2 + (x[i + 1]! - py) ** 2 + (x[i + 2]! - pz) ** 2;
    if (nearest ? d < bestD : d > bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** Mean absolute difference of two conformers' shape moments, in ångström. */
export function momentDistance(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Math.abs(a[k]! - b[k]!);
  return sum / 12;
}
