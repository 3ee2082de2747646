// Virtual-screening metrics of a ranking: ROC AUC (ties count half) and the enrichment factor at a fraction.

export interface Scored { score: number; active: boolean }

/** Probability that a random active scores above a random decoy, ties counting one half. */
export function rocAuc(rows: readonly Scored[]): number {
  const sorted = [...rows].sort((a, b) => a.score - b.score);
  const actives = rows.filter((r) => r.active).length;
  const decoys = rows.length - actives;
  if (actives === 0 || decoys === 0) return Number.NaN;
  let rankSum = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    const meanRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (sorted[k]!.active) rankSum += meanRank;
    i = j;
  }
  return (rankSum - (actives * (actives + 1)) / 2) / (actives * decoys);
}

/**
 * Active rate in the top `fraction` of the ranking over the active rate of the whole set. Ties at the
 * cut count by their active share, so the figure does not depend on input order.
 */
export function enrichmentFactor(rows: readonly Scored[], fraction: number): number {
  const actives = rows.filter((r) => r.active).length;
  if (actives === 0 || rows.length === 0) return Number.NaN;
  const top = Math.max(1, Math.ceil(fraction * rows.length));
  const sorted = [...rows].sort((a, b) => b.score - a.score);
  const cut = sorted[top - 1]!.score;
  const above = sorted.filter((r) => r.score > cut);
  const tied = sorted.filter((r) => r.score === cut);
  const tiedActiveShare = tied.filter((r) => r.active).length / tied.length;
  const found = above.filter((r) => r.active).length + (top - above.length) * tiedActiveShare;
  return found / top / (actives / rows.length);
}

/**
 * BEDROC (Truchon & Bayly, J. Chem. Inf. Model. 2007): the exponentially weighted rank of the actives,
 * scaled to 0..1, so early recognition counts most (α = 20: the top 8 % of the ranking carries 80 % of
 * the weight). Ties are broken at random in expectation: every active of a tied block gets the mean
 * weight of the block's positions, so the figure does not depend on input order.
 */
export function bedroc(rows: readonly Scored[], alpha = 20): number {
  const total = rows.length;
  const actives = rows.filter((r) => r.active).length;
  if (actives === 0 || actives === total) return Number.NaN;
  const sorted = [...rows].sort((a, b) => b.score - a.score);
  let weightSum = 0;
  for (let i = 0; i < total; ) {
    let j = i;
    while (j < total && sorted[j]!.score === sorted[i]!.score) j++;
    let blockActives = 0;
    for (let k = i; k < j; k++) if (sorted[k]!.active) blockActives++;
    if (blockActives > 0) {
      // Mean of exp(-α r / N) over the block's ranks r = i+1 .. j (a geometric series).
      const ratio = Math.exp(-alpha / total);
      const blockWeight = (Math.exp((-alpha * (i + 1)) / total) * (1 - ratio ** (j - i))) / (1 - ratio) / (j - i);
      weightSum += blockActives * blockWeight;
    }
    i = j;
  }
  const ra = actives / total;
  const rie = weightSum / ((ra * (1 - Math.exp(-alpha))) / (Math.exp(alpha / total) - 1));
  const scale = (ra * Math.sinh(alpha / 2)) / (Math.cosh(alpha / 2) - Math.cosh(alpha / 2 - alpha * ra));
  return rie * scale + 1 / (1 - Math.exp(alpha * (1 - ra)));
}
