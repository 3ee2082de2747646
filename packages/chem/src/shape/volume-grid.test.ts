import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AXIS_SIGN_FLIPS } from './principal-axes.ts';
import { volumeLattice, voxelize } from './volume-grid.ts';
import type { Lattice } from './volume-grid.ts';

const source = new URL('../../assembly/volume-grid.ts', import.meta.url);
const recorded = new URL('./volume-grid.wasm.source-sha256', import.meta.url);

// The stage-1 and start lattices (1 Å voxels within 1.5 Å, 2 Å within 2 Å) and the widest reach the kernel takes.
const LATTICES = [volumeLattice(1, 1.5, [11, 7, 5]), volumeLattice(2, 2, [11, 7, 5]), volumeLattice(0.5, 1.5, [4, 3, 2])];

/** The grid by its definition: every voxel whose centre lies within the radius of a point, the distance summed as (dx² + dy²) + dz². */
function everyVoxel(coords: Float64Array, flip: readonly number[], grid: Lattice): Uint8Array {
  const out = new Uint8Array(grid.bytes);
  const [nx, ny, nz] = grid.dims;
  const [hx, hy, hz] = grid.halfBox;
  for (let x = 0; x < nx; x++) {
    for (let y = 0; y < ny; y++) {
      for (let z = 0; z < nz; z++) {
        for (let i = 0; i < coords.length / 3; i++) {
          const dx = (x + 0.5) * grid.spacing - hx - coords[3 * i]! * flip[0]!;
          const dy = (y + 0.5) * grid.spacing - hy - coords[3 * i + 1]! * flip[1]!;
          const dz = (z + 0.5) * grid.spacing - hz - coords[3 * i + 2]! * flip[2]!;
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

// Points inside the box and past its faces, many on voxel faces and centres (spacing multiples), where a
// distance equal to the radius must count.
const coordinate = fc.oneof(fc.double({ min: -14, max: 14, noNaN: true }), fc.integer({ min: -56, max: 56 }).map((quarter) => quarter / 4));
const points = fc.array(fc.tuple(coordinate, coordinate, coordinate), { minLength: 1, maxLength: 40 }).map((atoms) => Float64Array.from(atoms.flat()));

describe('the WebAssembly voxel kernel', () => {
  it('was built from the current assembly/volume-grid.ts (else run npm run build:wasm:grids -w @molsearch/chem)', () => {
    expect(readFileSync(recorded, 'utf8').trim()).toBe(createHash('sha256').update(readFileSync(source)).digest('hex'));
  });

  it('sets exactly the voxels within reach of a point under every flip, and clears what the target held', () => {
    fc.assert(
      fc.property(points, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: LATTICES.length - 1 }), (coords, f, l) => {
        const grid = LATTICES[l]!;
        const out = new Uint8Array(grid.bytes + 8).fill(0xff);
        voxelize(coords, AXIS_SIGN_FLIPS[f]!, grid, out, 4);
        expect(out.subarray(4, 4 + grid.bytes)).toEqual(everyVoxel(coords, AXIS_SIGN_FLIPS[f]!, grid));
        // Nothing outside the grid is touched.
        expect([...out.subarray(0, 4), ...out.subarray(4 + grid.bytes)]).toEqual(new Array(8).fill(0xff));
      }),
      { numRuns: 300 },
    );
  });

  it('takes only the first `atoms` points, sets nothing for points far outside the box or not numbers, and grows for large molecules', () => {
    const grid = LATTICES[0]!;
    const inside = Float64Array.from([0, 0, 0, 1.2, -0.4, 0.3]);
    const withOthers = Float64Array.from([...inside, 1e300, 0, 0, Number.NaN, 0, 0, 0, -1e9, 0, Infinity, 1, 1]);
    const out = new Uint8Array(grid.bytes);
    voxelize(withOthers, [1, 1, 1], grid, out, 0);
    expect(out).toEqual(everyVoxel(inside, [1, 1, 1], grid));
    voxelize(withOthers, [1, 1, 1], grid, out, 0, 1);
    expect(out).toEqual(everyVoxel(inside.subarray(0, 3), [1, 1, 1], grid));
    // More atoms than the kernel first has room for.
    const large = Float64Array.from({ length: 3 * 500 }, (_, i) => ((i * 7919) % 200) / 10 - 10);
    voxelize(large, [1, 1, 1], grid, out, 0);
    expect(out).toEqual(everyVoxel(large, [1, 1, 1], grid));
  });

  it('refuses a lattice reaching further than the kernel compares, or larger than it holds', () => {
    expect(() => volumeLattice(1, 3.5, [5, 5, 5])).toThrow(/at most 3 voxels/);
    expect(() => volumeLattice(0.5, 1, [50, 50, 50])).toThrow(/larger than the voxel kernel holds/);
  });
});
