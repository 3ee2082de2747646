import { AXIS_SIGN_FLIPS, decodeHeavyConformers, decodeModel, encodeModel, loadRDKit } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { beforeAll, describe, expect, it } from 'vitest';
import { COARSE, COARSE_GRID_BYTES, FINE, GRID_BYTES, GRID_ROW_BYTES, GRID_SLOTS, HALF_BOX } from '../format/grid-layout.ts';
import type { Lattice } from '../format/grid-layout.ts';
import { catalogueGridRow, heavyAtomGrids, principalCoordinates, queryGrids } from './pose-grid.ts';
import { shapeFeatures } from './shape-features.ts';

// Drug-sized real molecules, one charged, one long and flexible enough to reach the box's edges.
const SMILES = ['CC(=O)Nc1ccc(O)cc1', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O', 'CN1CCC[C@H]1c1cccnc1', 'CCCCCCCCCCCCCCCCCC(=O)O', 'C[NH+](C)CCC(c1ccccc1)c1ccccn1'];
const models: Model3D[] = [];

beforeAll(async () => {
  await loadRDKit();
  // As a catalogue stores them: the grids are built from the decoded model.
  for (const smiles of SMILES) models.push(decodeModel(encodeModel(shapeFeatures(smiles, { conformers: 4, seed: 11, timeBudgetMs: 5000 })!.model)));
});

/**
 * The grid by its definition: every voxel of the lattice whose centre lies within the radius of an atom,
 * the distance summed as the search sums it. What the voxelizer, however it skips ahead, must reproduce.
 */
function everyVoxel(coords: Float64Array, flip: readonly number[], grid: Lattice): Uint8Array {
  const out = new Uint8Array(grid.bytes);
  const [nx, ny, nz] = grid.dims;
  for (let x = 0; x < nx; x++) {
    for (let y = 0; y < ny; y++) {
      for (let z = 0; z < nz; z++) {
        for (let i = 0; i < coords.length / 3; i++) {
          const dx = (x + 0.5) * grid.spacing - HALF_BOX[0] - coords[3 * i]! * flip[0]!;
          const dy = (y + 0.5) * grid.spacing - HALF_BOX[1] - coords[3 * i + 1]! * flip[1]!;
          const dz = (z + 0.5) * grid.spacing - HALF_BOX[2] - coords[3 * i + 2]! * flip[2]!;
          if (dx * dx + dy * dy + dz * dz > grid.radius * grid.radius) continue;
          const bit = (x * ny + y) * nz + z;
          out[bit >> 3]! |= 1 << (bit & 7);
          break;
        }
      }
    }
  }
  return out;
}

describe('stage-1 grids of a model', () => {
  it('set exactly the voxels within reach of an atom, for catalogue rows and query grids alike', () => {
    for (const model of models) {
      const row = new Uint8Array(GRID_ROW_BYTES);
      catalogueGridRow(encodeModel(model), row, 0);
      for (let k = 0; k < Math.min(GRID_SLOTS, model.conformers.length); k++) {
        const coords = principalCoordinates(model, k);
        expect(row.subarray(k * GRID_BYTES, (k + 1) * GRID_BYTES)).toEqual(everyVoxel(coords, [1, 1, 1], FINE));
        const coarseAt = GRID_SLOTS * GRID_BYTES + k * COARSE_GRID_BYTES;
        expect(row.subarray(coarseAt, coarseAt + COARSE_GRID_BYTES)).toEqual(everyVoxel(coords, [1, 1, 1], COARSE));
      }
      for (const shift of [0, 0.5, -0.5]) {
        const query = queryGrids(model, 2, shift);
        query.conformers.forEach((k, p) => {
          // Moved along the first principal axis, then flipped with the rest of the conformer.
          const coords = principalCoordinates(model, k).map((value, i) => (i % 3 === 0 ? value + shift : value));
          AXIS_SIGN_FLIPS.forEach((flip, f) => {
            const j = p * AXIS_SIGN_FLIPS.length + f;
            expect(query.grids.subarray(j * GRID_BYTES, (j + 1) * GRID_BYTES)).toEqual(everyVoxel(coords, flip, FINE));
            expect(query.coarse.subarray(j * COARSE_GRID_BYTES, (j + 1) * COARSE_GRID_BYTES)).toEqual(everyVoxel(coords, flip, COARSE));
          });
        });
      }
    }
  });

  it('of a query moved half a voxel along its first axis differ from the centred ones', () => {
    for (const model of models) expect(queryGrids(model, 2, 0.5).grids).not.toEqual(queryGrids(model, 2).grids);
  });

  it('are the same from the heavy atoms alone, framed in the scratch one row after another leaves', () => {
    // The longest molecule first and between the others, so a smaller row's scratch still holds a larger one's atoms.
    const order = [3, 0, 3, 2, 4, 1, 3];
    const fine = new Uint8Array(order.length * GRID_SLOTS * GRID_BYTES);
    const coarse = new Uint8Array(order.length * GRID_SLOTS * COARSE_GRID_BYTES);
    order.forEach((m, i) => heavyAtomGrids(decodeHeavyConformers(encodeModel(models[m]!), GRID_SLOTS), fine, i * GRID_SLOTS * GRID_BYTES, coarse, i * GRID_SLOTS * COARSE_GRID_BYTES));
    order.forEach((m, i) => {
      const row = new Uint8Array(GRID_ROW_BYTES);
      catalogueGridRow(encodeModel(models[m]!), row, 0);
      expect(fine.subarray(i * GRID_SLOTS * GRID_BYTES, (i + 1) * GRID_SLOTS * GRID_BYTES)).toEqual(row.subarray(0, GRID_SLOTS * GRID_BYTES));
      expect(coarse.subarray(i * GRID_SLOTS * COARSE_GRID_BYTES, (i + 1) * GRID_SLOTS * COARSE_GRID_BYTES)).toEqual(row.subarray(GRID_SLOTS * GRID_BYTES));
    });
  });
});
