/** Energy and gradient of a function of the coordinates; writes the gradient into `gradient`. */
export type Objective = (x: Float64Array, gradient: Float64Array) => number;

export interface MinimiseOptions {
  maxIterations: number;
  /** Stop when the largest gradient component falls below this. */
  gradientTolerance: number;
  /** performance.now() value past which the minimiser returns what it has. */
  deadline: number;
}

const HISTORY = 5;

/**
 * Limited-memory BFGS with a backtracking (Armijo) line search, minimising `objective` in place. Conformer
 * generation runs its WebAssembly copy (conformer-kernel.ts); this is the reference that copy is tested against.
 * Buffers are sized once per call; the objective itself must not allocate for this to stay fast.
 * Returns the final energy.
 */
export function minimise(objective: Objective, x: Float64Array, options: MinimiseOptions): number {
  const size = x.length;
  const gradient = new Float64Array(size);
  const trialGradient = new Float64Array(size);
  const trial = new Float64Array(size);
  const direction = new Float64Array(size);
  const s = Array.from({ length: HISTORY }, () => new Float64Array(size));
  const y = Array.from({ length: HISTORY }, () => new Float64Array(size));
  const rho = new Float64Array(HISTORY);
  const alpha = new Float64Array(HISTORY);
  let stored = 0;
  let newest = -1;
  let energy = objective(x, gradient);
  for (let iteration = 0; iteration < options.maxIterations; iteration++) {
    let largest = 0;
    for (let i = 0; i < size; i++) largest = Math.max(largest, Math.abs(gradient[i] as number));
    if (largest < options.gradientTolerance) break;
    if ((iteration & 7) === 7 && performance.now() > options.deadline) break;
    // Two-loop recursion: direction = -H * gradient.
    for (let i = 0; i < size; i++) direction[i] = -(gradient[i] as number);
    for (let k = 0; k < stored; k++) {
      const m = (newest - k + HISTORY) % HISTORY;
      const sm = s[m] as Float64Array;
      let dot = 0;
      for (let i = 0; i < size; i++) dot += (sm[i] as number) * (direction[i] as number);
      const a = (rho[m] as number) * dot;
      alpha[m] = a;
      const ym = y[m] as Float64Array;
      for (let i = 0; i < size; i++) direction[i] = (direction[i] as number) - a * (ym[i] as number);
    }
    if (stored > 0) {
      const sm = s[newest] as Float64Array;
      const ym = y[newest] as Float64Array;
      let sy = 0;
      let yy = 0;
      for (let i = 0; i < size; i++) {
        sy += (sm[i] as number) * (ym[i] as number);
        yy += (ym[i] as number) * (ym[i] as number);
      }
      const scale = sy / yy;
      for (let i = 0; i < size; i++) direction[i] = (direction[i] as number) * scale;
    } else {
      // First step: move at most ~0.1 Å along the steepest descent.
      const scale = 0.1 / largest;
      for (let i = 0; i < size; i++) direction[i] = (direction[i] as number) * scale;
    }
    for (let k = stored - 1; k >= 0; k--) {
      const m = (newest - k + HISTORY) % HISTORY;
      const ym = y[m] as Float64Array;
      let dot = 0;
      for (let i = 0; i < size; i++) dot += (ym[i] as number) * (direction[i] as number);
      const b = (rho[m] as number) * dot;
      const sm = s[m] as Float64Array;
      const a = alpha[m] as number;
      for (let i = 0; i < size; i++) direction[i] = (direction[i] as number) + (a - b) * (sm[i] as number);
    }
    let slope = 0;
    for (let i = 0; i < size; i++) slope += (gradient[i] as number) * (direction[i] as number);
    if (slope >= 0) {
      // Not a descent direction (curvature information went stale): restart from steepest descent.
      stored = 0;
      const scale = 0.1 / largest;
      slope = 0;
      for (let i = 0; i < size; i++) {
        direction[i] = -(gradient[i] as number) * scale;
        slope -= (gradient[i] as number) * (gradient[i] as number) * scale;
      }
    }
    let step = 1;
    let trialEnergy = Infinity;
    for (let tries = 0; tries < 20; tries++) {
      for (let i = 0; i < size; i++) trial[i] = (x[i] as number) + step * (direction[i] as number);
      trialEnergy = objective(trial, trialGradient);
      if (trialEnergy <= energy + 1e-4 * step * slope) break;
      step *= 0.3;
    }
    if (!(trialEnergy < energy)) break;
    newest = (newest + 1) % HISTORY;
    const sn = s[newest] as Float64Array;
    const yn = y[newest] as Float64Array;
    let sy = 0;
    for (let i = 0; i < size; i++) {
      sn[i] = (trial[i] as number) - (x[i] as number);
      yn[i] = (trialGradient[i] as number) - (gradient[i] as number);
      sy += (sn[i] as number) * (yn[i] as number);
    }
    if (sy > 1e-12) {
      rho[newest] = 1 / sy;
      stored = Math.min(stored + 1, HISTORY);
    } else {
      // No usable curvature along this step: forget the history rather than keep a corrupted pair.
      stored = 0;
    }
    const improvement = energy - trialEnergy;
    x.set(trial);
    gradient.set(trialGradient);
    energy = trialEnergy;
    if (improvement < 1e-9 * Math.max(1, Math.abs(energy))) break;
  }
  return energy;
}
