import { describe, expect, it } from 'vitest';
import { elementOverlapTable, shapeOverlap } from './gaussian-shape.ts';
import { principalFrame } from './principal-axes.ts';
import { quaternionToMatrix } from './quaternion.ts';
import { heavyAtomCount, readShapeReference } from './reference-fixture.ts';
import { AlignmentWorkspace, JsOverlapEvaluator, optimizePose } from './shape-alignment.ts';
import type { OverlapEvaluator } from './shape-alignment.ts';
import { SimdOverlapEvaluator } from './simd-overlap.ts';

const reference = readShapeReference();

function heavyCoords(coords: number[], n: number): Float64Array {
  return Float64Array.from(coords.slice(0, 3 * n));
}

describe('principal axes', () => {
  it('finds the axes of an elongated point set, largest spread first, as a proper rotation', () => {
    // A symmetric grid: long along (1,1,0)/√2, shorter along (−1,1,0)/√2, flat in z, centred at (3, −2, 1).
    const coords: number[] = [];
    for (const a of [-5, -2.5, 0, 2.5, 5]) {
      for (const b of [-1, 0, 1]) {
        for (const c of [-0.25, 0.25]) coords.push(3 + (a - b) / Math.SQRT2, -2 + (a + b) / Math.SQRT2, 1 + c);
      }
    }
    const points = Float64Array.from(coords);
    const frame = principalFrame(points, points.length / 3);
    expect(frame.centroid[0]).toBeCloseTo(3, 10);
    expect(frame.centroid[1]).toBeCloseTo(-2, 10);
    expect(Math.abs(frame.axes[0]! + frame.axes[3]!) / Math.SQRT2).toBeCloseTo(1, 10);
    expect(Math.abs(frame.axes[8]!)).toBeCloseTo(1, 10);
    expect(frame.spreads[0]).toBeGreaterThan(frame.spreads[1]);
    expect(frame.spreads[1]).toBeGreaterThan(frame.spreads[2]);
    const m = frame.axes;
    const det = m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) - m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) + m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
    expect(det).toBeCloseTo(1, 10);
  });
});

describe('WebAssembly SIMD overlap kernel', () => {
  it('agrees with the float64 JavaScript kernel on value and gradient', () => {
    const js: OverlapEvaluator = new JsOverlapEvaluator();
    const simd: OverlapEvaluator = new SimdOverlapEvaluator();
    for (const pair of reference.pairs.slice(0, 30)) {
      const query = reference.molecules[pair.query]!;
      const candidate = reference.molecules[pair.candidate]!;
      const nq = heavyAtomCount(query), nc = heavyAtomCount(candidate);
      const table = elementOverlapTable(query.atomicNumbers.slice(0, nq), candidate.atomicNumbers.slice(0, nc));
      const rotation = quaternionToMatrix([0.95, 0.05, -0.1, 0.2]);
      const results = [js, simd].map((evaluator) => {
        evaluator.setTable(table);
        evaluator.setQuery(heavyCoords(query.coords, nq));
        evaluator.setCandidate(heavyCoords(pair.candidateCoords, nc));
        const gradient = new Float64Array(6);
        const plain = evaluator.evaluate(rotation, 0.2, -0.1, 0.3);
        return { plain, value: evaluator.evaluate(rotation, 0.2, -0.1, 0.3, gradient), gradient };
      });
      const [a, b] = results as [(typeof results)[0], (typeof results)[0]];
      expect(Math.abs(b.value / a.value - 1)).toBeLessThan(1e-4);
      expect(Math.abs(b.plain / a.plain - 1)).toBeLessThan(1e-4);
      const scale = Math.max(...a.gradient.map(Math.abs));
      a.gradient.forEach((g, i) => expect(Math.abs(b.gradient[i]! - g)).toBeLessThan(1e-3 * scale + 1e-4));
    }
  });
});

describe('overlap gradient', () => {
  it('matches finite differences of the overlap for rotation and translation', () => {
    const pair = reference.pairs[3]!;
    const query = reference.molecules[pair.query]!;
    const candidate = reference.molecules[pair.candidate]!;
    const nq = heavyAtomCount(query), nc = heavyAtomCount(candidate);
    const a = heavyCoords(query.coords, nq);
    const b = heavyCoords(pair.candidateCoords, nc);
    const table = elementOverlapTable(query.atomicNumbers.slice(0, nq), candidate.atomicNumbers.slice(0, nc));
    const evaluator = new JsOverlapEvaluator();
    evaluator.setTable(table);
    evaluator.setQuery(a);
    evaluator.setCandidate(b);
    const rotation = quaternionToMatrix([0.9, 0.1, -0.2, 0.15]);
    const t: [number, number, number] = [0.3, -0.2, 0.4];
    const gradient = new Float64Array(6);
    evaluator.evaluate(rotation, t[0], t[1], t[2], gradient);
    const moved = (delta: number[]) => {
      // Small rotation vector applied after `rotation`, then translation.
      const [wx, wy, wz, dx, dy, dz] = delta as [number, number, number, number, number, number];
      const angle = Math.hypot(wx, wy, wz);
      const q: [number, number, number, number] =
        angle === 0 ? [1, 0, 0, 0] : [Math.cos(angle / 2), (wx / angle) * Math.sin(angle / 2), (wy / angle) * Math.sin(angle / 2), (wz / angle) * Math.sin(angle / 2)];
      const small = quaternionToMatrix(q);
      const out = new Float64Array(b.length);
      for (let j = 0; j < nc; j++) {
        const x = b[3 * j]!, y = b[3 * j + 1]!, z = b[3 * j + 2]!;
        const r = [0, 1, 2].map((row) => rotation[row * 3]! * x + rotation[row * 3 + 1]! * y + rotation[row * 3 + 2]! * z);
        for (let row = 0; row < 3; row++) {
          out[3 * j + row] = small[row * 3]! * r[0]! + small[row * 3 + 1]! * r[1]! + small[row * 3 + 2]! * r[2]! + t[row]! + [dx, dy, dz][row]!;
        }
      }
      return shapeOverlap(a, out, table);
    };
    const h = 1e-6;
    for (let k = 0; k < 6; k++) {
      const plus = [0, 0, 0, 0, 0, 0];
      const minus = [0, 0, 0, 0, 0, 0];
      plus[k] = h;
      minus[k] = -h;
      const numeric = (moved(plus) - moved(minus)) / (2 * h);
      expect(gradient[k]).toBeCloseTo(numeric, 4);
    }
  });

  it('only climbs: optimising from RDKit’s O3A pose never lowers the overlap', () => {
    for (const pair of reference.pairs.slice(0, 20)) {
      const query = reference.molecules[pair.query]!;
      const candidate = reference.molecules[pair.candidate]!;
      const nq = heavyAtomCount(query), nc = heavyAtomCount(candidate);
      const a = heavyCoords(query.coords, nq);
      const b = heavyCoords(pair.candidateCoords, nc);
      const table = elementOverlapTable(query.atomicNumbers.slice(0, nq), candidate.atomicNumbers.slice(0, nc));
      const start = shapeOverlap(a, b, table);
      const evaluator = new JsOverlapEvaluator();
      evaluator.setTable(table);
      evaluator.setQuery(a);
      evaluator.setCandidate(b);
      const pose = optimizePose(evaluator, { rotation: [1, 0, 0, 0], translation: [0, 0, 0], overlap: start }, new AlignmentWorkspace());
      expect(pose.overlap).toBeGreaterThanOrEqual(start - 1e-9);
    }
  });
});
