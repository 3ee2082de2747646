import { describe, expect, it } from 'vitest';
import { elementOverlapTable, shapeOverlap, shapeOverlapByElement, shapeTanimoto } from './gaussian-shape.ts';
import { readShapeReference, referenceModel } from './reference-fixture.ts';
import { shapeConformer } from './shape-alignment.ts';
import { transformPoints } from './quaternion.ts';
import { packShape, WasmAligner } from './wasm-alignment.ts';
import type { WasmAlignmentOptions } from './wasm-alignment.ts';

const reference = readShapeReference();
const bySmiles = new Map(reference.molecules.map((m) => [m.smiles, m]));
const models = reference.conformerSets.slice(0, 8).map((set) => referenceModel(bySmiles.get(set.smiles)!, set.conformers.slice(0, 3)));

function shapeOf(model: (typeof models)[number]) {
  const n = model.atomicNumbers.length;
  const table = elementOverlapTable(model.atomicNumbers, model.atomicNumbers);
  const conformers = model.conformers.map((coords) => shapeConformer(coords, n, table));
  return { model, conformers, packed: packShape(model.atomicNumbers, conformers) };
}

const DEFAULTS: WasmAlignmentOptions = { screenedStarts: 8, screeningIterations: 3, optimizedStarts: 2, maxIterations: 40, relativeTolerance: 1e-4, gridStarts: 32 };

describe('whole alignment search in WebAssembly', () => {
  const shapes = models.map(shapeOf);
  const aligner = new WasmAligner();

  it('packs coordinates in lane groups of four with the padding far away', () => {
    const { packed, model } = shapes[0]!;
    expect(packed.padded % 4).toBe(0);
    expect(packed.padded).toBeGreaterThanOrEqual(model.atomicNumbers.length);
    expect(packed.coords.length).toBe(3 * packed.padded * model.conformers.length);
    if (packed.padded > packed.atomCount) expect(packed.coords[packed.atomCount]).toBeGreaterThan(1000);
  });

  it('computes the element-pair overlap without a table exactly as with one', () => {
    const a = shapes[0]!, b = shapes[1]!;
    const table = elementOverlapTable(a.model.atomicNumbers, b.model.atomicNumbers);
    const direct = shapeOverlap(a.conformers[0]!.centred, b.conformers[0]!.centred, table);
    expect(shapeOverlapByElement(a.conformers[0]!.centred, a.model.atomicNumbers, b.conformers[0]!.centred, b.model.atomicNumbers)).toBe(direct);
  });

  it('returns a proper rotation whose float64 Tanimoto matches the float32 search within 2e-3', () => {
    for (let i = 0; i + 1 < shapes.length; i++) {
      const query = shapes[i]!, candidate = shapes[i + 1]!;
      const found = aligner.align(query.packed, candidate.packed, DEFAULTS);
      const r = found.rotation;
      for (let row = 0; row < 3; row++) {
        for (let col = 0; col < 3; col++) {
          const dot = r[3 * row]! * r[3 * col]! + r[3 * row + 1]! * r[3 * col + 1]! + r[3 * row + 2]! * r[3 * col + 2]!;
          expect(dot).toBeCloseTo(row === col ? 1 : 0, 9);
        }
      }
      const q = query.conformers[found.queryConformer]!, c = candidate.conformers[found.candidateConformer]!;
      const n = candidate.model.atomicNumbers.length;
      const placed = transformPoints(c.centred, n, r, ...found.translation, new Float64Array(3 * n));
      const overlap = shapeOverlapByElement(q.centred, query.model.atomicNumbers, placed, candidate.model.atomicNumbers);
      expect(Math.abs(shapeTanimoto(overlap, q.selfOverlap, c.selfOverlap) - found.searchTanimoto)).toBeLessThan(2e-3);
    }
  });

  it('grows its memory for large molecules and still finds a molecule on itself', () => {
    // Six reference molecules side by side as one 130-odd-atom "molecule" with three conformers: its
    // pair tables alone need more than the first 64 KB page.
    const parts = shapes.slice(0, 6).map((s) => s.model);
    const atomicNumbers = parts.flatMap((m) => [...m.atomicNumbers]);
    const conformers = [0, 1, 2].map((k) =>
      Float64Array.from(parts.flatMap((m, p) => Array.from({ length: m.atomicNumbers.length }, (_, i) => [0, 1, 2].map((axis) => m.conformers[k]![3 * i + axis]! + (axis === 0 ? 15 * p : 0))).flat())),
    );
    const big = shapeOf({ atomicNumbers: Uint8Array.from(atomicNumbers), hydrogenSites: 0, charges: new Float64Array(atomicNumbers.length), conformers });
    expect(big.packed.atomCount).toBeGreaterThan(110);
    const fresh = new WasmAligner();
    expect(fresh.align(big.packed, big.packed, DEFAULTS).searchTanimoto).toBeGreaterThan(0.999);
    expect(fresh.align(shapes[0]!.packed, shapes[0]!.packed, DEFAULTS).searchTanimoto).toBeGreaterThan(0.999);
  });

  it('finds a molecule on itself (Tanimoto 1) and does no worse with a wider search (up to convergence, 1e-3)', () => {
    for (const shape of shapes.slice(0, 4)) expect(aligner.align(shape.packed, shape.packed, DEFAULTS).searchTanimoto).toBeGreaterThan(0.999);
    const wide = { ...DEFAULTS, screenedStarts: 1000, screeningIterations: 40, optimizedStarts: 1000 };
    for (let i = 0; i + 1 < shapes.length; i++) {
      const narrow = aligner.align(shapes[i]!.packed, shapes[i + 1]!.packed, DEFAULTS).searchTanimoto;
      expect(aligner.align(shapes[i]!.packed, shapes[i + 1]!.packed, wide).searchTanimoto).toBeGreaterThanOrEqual(narrow - 1e-3);
    }
  });
});
