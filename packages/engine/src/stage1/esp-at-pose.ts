import { AXIS_SIGN_FLIPS, decodeModel, espKernel, espSelfOverlap } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { GRID_SLOTS, principalCoordinates } from './pose-grid.ts';
import type { QueryGrids } from './pose-grid.ts';

/**
 * The electrostatic half of stage 1. ESPsim compares charges at the best shape pose, and the grid
 * scan already names, for every molecule, the conformer pairs and principal-axes poses with the best
 * volume overlaps: the electrostatic similarity (Carbó, every charge site) at those poses ranks the
 * molecules for the electrostatic method (see ESP_POSE_MARGIN). On the 10,000-molecule benchmark the
 * best 3 % / 20 % by the charges at the single best grid pose held 0.43 / 0.66 of the exact
 * electrostatic top 30, against 0.11 / 0.40 by grid volume alone and 0.11 / 0.43 by USRCAT.
 */
export interface EspSiteColumn {
  /** Sites of row r, slot s are offsets[r * GRID_SLOTS + s] .. offsets[r * GRID_SLOTS + s + 1]. */
  offsets: Uint32Array;
  /** x, y, z of every site in its conformer's principal frame. */
  coords: Float32Array;
  charges: Float32Array;
  /** O_AA of each row slot (NaN for an empty slot). */
  selfOverlaps: Float64Array;
}

/** The charge sites of every row's first GRID_SLOTS conformers, placed as their grids are. */
export function espSiteColumn(model: (row: number) => Uint8Array, count: number): EspSiteColumn {
  const slots = count * GRID_SLOTS;
  const offsets = new Uint32Array(slots + 1);
  const placed: { coords: Float64Array; charges: Float64Array; self: number }[] = [];
  for (let row = 0; row < count; row++) {
    const bytes = model(row);
    const decoded = bytes.length > 0 ? decodeModel(bytes) : undefined;
    for (let s = 0; s < GRID_SLOTS; s++) {
      const slot = row * GRID_SLOTS + s;
      if (decoded && s < decoded.conformers.length) {
        const coords = principalCoordinates(decoded, s, true);
        placed.push({ coords, charges: decoded.charges, self: decoded.summaries?.[s]?.espSelfOverlap ?? espSelfOverlap(coords, decoded.charges, decoded.charges.length) });
        offsets[slot + 1] = offsets[slot]! + decoded.charges.length;
      } else {
        offsets[slot + 1] = offsets[slot]!;
      }
    }
  }
  const sites = offsets[slots]!;
  const column: EspSiteColumn = { offsets, coords: new Float32Array(3 * sites), charges: new Float32Array(sites), selfOverlaps: new Float64Array(slots).fill(Number.NaN) };
  let next = 0;
  for (let slot = 0; slot < slots; slot++) {
    if (offsets[slot + 1] === offsets[slot]) continue;
    const site = placed[next++]!;
    column.coords.set(site.coords, 3 * offsets[slot]!);
    column.charges.set(site.charges, offsets[slot]!);
    column.selfOverlaps[slot] = site.self;
  }
  return column;
}

/**
 * The query's potential Σ_a q_a K(|x − a|²) on a 1 Å lattice of its principal frame: a candidate's
 * overlap with it is then Σ_b q_b V(b), read by trilinear interpolation, 45 reads instead of 45 x 45
 * kernel terms. A mirror of the query is the same lattice read at mirrored points. Points beyond the
 * box read its border, where the potential is flat. Against the direct pair sum the similarity is
 * within 0.015, except where sites coincide: the lattice flattens the kernel's peak, and a molecule
 * against itself reads about 0.91 instead of 1. Recall on the benchmark was the same (0.738 at fast).
 */
const LATTICE_HALF = [14, 10, 8] as const;
const LATTICE_POINTS = LATTICE_HALF.map((half) => 2 * half + 1) as [number, number, number];

function potentialLattice(coords: Float64Array, charges: Float64Array): Float32Array {
  const [nx, ny, nz] = LATTICE_POINTS;
  const lattice = new Float32Array(nx * ny * nz);
  const sites = charges.length;
  for (let x = 0; x < nx; x++) {
    for (let y = 0; y < ny; y++) {
      for (let z = 0; z < nz; z++) {
        const px = x - LATTICE_HALF[0], py = y - LATTICE_HALF[1], pz = z - LATTICE_HALF[2];
        let potential = 0;
        for (let a = 0; a < sites; a++) {
          const dx = coords[3 * a]! - px, dy = coords[3 * a + 1]! - py, dz = coords[3 * a + 2]! - pz;
          potential += charges[a]! * espKernel(dx * dx + dy * dy + dz * dz);
        }
        lattice[(x * ny + y) * nz + z] = potential;
      }
    }
  }
  return lattice;
}

/** Lattice cell below `value` (clamped into 0 .. points - 1) and the fraction into it: cell + fraction. */
function cellOf(value: number, points: number): number {
  return value <= 0 ? 0 : value >= points - 1 ? points - 1 - 1e-6 : value;
}

/** Σ_b q_b V(flip ⊙ b) over `sites` sites from `first`. */
function latticeOverlap(lattice: Float32Array, column: EspSiteColumn, first: number, sites: number, flip: readonly number[]): number {
  const [nx, ny, nz] = LATTICE_POINTS;
  const yz = ny * nz;
  const [sx, sy, sz] = flip as [number, number, number];
  const coords = column.coords;
  let total = 0;
  for (let b = first; b < first + sites; b++) {
    const px = cellOf(sx * coords[3 * b]! + LATTICE_HALF[0], nx);
    const py = cellOf(sy * coords[3 * b + 1]! + LATTICE_HALF[1], ny);
    const pz = cellOf(sz * coords[3 * b + 2]! + LATTICE_HALF[2], nz);
    const x = px | 0, y = py | 0, z = pz | 0;
    const fx = px - x, fy = py - y, fz = pz - z;
    const at = x * yz + y * nz + z;
    const c00 = lattice[at]! + fz * (lattice[at + 1]! - lattice[at]!);
    const c01 = lattice[at + nz]! + fz * (lattice[at + nz + 1]! - lattice[at + nz]!);
    const c10 = lattice[at + yz]! + fz * (lattice[at + yz + 1]! - lattice[at + yz]!);
    const c11 = lattice[at + yz + nz]! + fz * (lattice[at + yz + nz + 1]! - lattice[at + yz + nz]!);
    const c0 = c00 + fy * (c01 - c00);
    const c1 = c10 + fy * (c11 - c10);
    total += column.charges[b]! * (c0 + fx * (c1 - c0));
  }
  return total;
}

/**
 * Per row, the renormalised Carbó similarity (x + 1) / 2 of the query's and the row's charges at the
 * poses of the grid scan: `pairs` holds `perRow` pairs a row (slot x grids.count + query grid, -1 for
 * none), and a row scores its best pose; 0 where it has none.
 */
export function espAtGridPoses(column: EspSiteColumn, query: Model3D, grids: QueryGrids, pairs: Int32Array, perRow = 1): Float32Array {
  const conformers = grids.conformers.map((k) => {
    const coords = principalCoordinates(query, k, true);
    return { lattice: potentialLattice(coords, query.charges), self: espSelfOverlap(coords, query.charges, query.charges.length) };
  });
  const rows = pairs.length / perRow;
  const scores = new Float32Array(rows);
  for (let row = 0; row < rows; row++) {
    for (let k = row * perRow; k < (row + 1) * perRow; k++) {
      const pair = pairs[k]!;
      if (pair < 0) continue;
      const slot = row * GRID_SLOTS + Math.floor(pair / grids.count);
      const j = pair % grids.count;
      const conformer = conformers[j >> 2]!;
      const first = column.offsets[slot]!;
      const overlap = latticeOverlap(conformer.lattice, column, first, column.offsets[slot + 1]! - first, AXIS_SIGN_FLIPS[j & 3]!);
      scores[row] = Math.max(scores[row]!, (overlap / Math.sqrt(conformer.self * column.selfOverlaps[slot]!) + 1) / 2);
    }
  }
  return scores;
}
