import { loadRDKit, poseToSdf } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import type { ShapeQuery } from './shape-query.ts';

/**
 * The query with every conformer rigidly superposed on its first (least squares over the heavy atoms,
 * Horn's quaternion method; hydrogen sites move with them). A rigid move changes no score, so hits posed
 * on this query score as before, and every pose lands in the first conformer's frame: a file of posed hits
 * can start with that conformer and be overlaid on it as it is. A hit aligned to another conformer sits on
 * that conformer's superposition, which matches the first as far as their torsions agree.
 */
export function queryInOneFrame(query: ShapeQuery): ShapeQuery {
  const { model } = query;
  const heavy = model.atomicNumbers.length;
  const reference = model.conformers[0]!;
  const conformers = model.conformers.map((coords, k) => (k === 0 ? coords : superposed(coords, reference, heavy)));
  // Summaries hold each conformer's principal axes; they are derived again from the moved coordinates.
  const moved: Model3D = { atomicNumbers: model.atomicNumbers, hydrogenSites: model.hydrogenSites, charges: model.charges, conformers };
  return { ...query, model: moved };
}

/** The molblock of the query's first conformer (heavy atoms, its own coordinates), titled `title`. */
export async function queryConformerMolblock(query: ShapeQuery, title: string): Promise<string> {
  await loadRDKit();
  const identity = { queryConformer: 0, candidateConformer: 0, rotation: [1, 0, 0, 0] as [number, number, number, number], translation: [0, 0, 0] as [number, number, number] };
  return poseToSdf(query.smiles, query.model, identity, title).replace(/\$\$\$\$\n?$/, '');
}

/** `moving` (every site) moved rigidly so that its first `atoms` sites best match those of `fixed`. */
export function superposed(moving: Float64Array, fixed: Float64Array, atoms: number): Float64Array {
  const cm = centroid(moving, atoms);
  const cf = centroid(fixed, atoms);
  // S[i][j] = sum over atoms of moving_i * fixed_j, both centred.
  const s = new Float64Array(9);
  for (let a = 0; a < atoms; a++) {
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) s[3 * i + j]! += (moving[3 * a + i]! - cm[i]!) * (fixed[3 * a + j]! - cf[j]!);
    }
  }
  const [xx, xy, xz, yx, yy, yz, zx, zy, zz] = Array.from(s) as [number, number, number, number, number, number, number, number, number];
  const n = [
    [xx + yy + zz, yz - zy, zx - xz, xy - yx],
    [yz - zy, xx - yy - zz, xy + yx, zx + xz],
    [zx - xz, xy + yx, -xx + yy - zz, yz + zy],
    [xy - yx, zx + xz, yz + zy, -xx - yy + zz],
  ];
  const [w, x, y, z] = largestEigenvector(n);
  const r = [
    w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z,
  ];
  const out = new Float64Array(moving.length);
  for (let p = 0; p < moving.length / 3; p++) {
    const dx = moving[3 * p]! - cm[0]!;
    const dy = moving[3 * p + 1]! - cm[1]!;
    const dz = moving[3 * p + 2]! - cm[2]!;
    for (let i = 0; i < 3; i++) out[3 * p + i] = r[3 * i]! * dx + r[3 * i + 1]! * dy + r[3 * i + 2]! * dz + cf[i]!;
  }
  return out;
}

function centroid(coords: Float64Array, atoms: number): Float64Array {
  const c = new Float64Array(3);
  for (let a = 0; a < atoms; a++) for (let i = 0; i < 3; i++) c[i]! += coords[3 * a + i]! / atoms;
  return c;
}

/** The unit eigenvector of a symmetric 4x4 matrix's largest eigenvalue, by cyclic Jacobi rotations. */
function largestEigenvector(input: number[][]): [number, number, number, number] {
  const m = input.map((row) => [...row]);
  const v: number[][] = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) off += m[p]![q]! ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < 4; p++) {
      for (let q = p + 1; q < 4; q++) {
        const apq = m[p]![q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (m[q]![q]! - m[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < 4; k++) {
          const mkp = m[k]![p]!;
          const mkq = m[k]![q]!;
          m[k]![p] = c * mkp - s * mkq;
          m[k]![q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < 4; k++) {
          const mpk = m[p]![k]!;
          const mqk = m[q]![k]!;
          m[p]![k] = c * mpk - s * mqk;
          m[q]![k] = s * mpk + c * mqk;
        }
        for (let k = 0; k < 4; k++) {
          const vkp = v[k]![p]!;
          const vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  let best = 0;
  for (let i = 1; i < 4; i++) if (m[i]![i]! > m[best]![best]!) best = i;
  const vector = [v[0]![best]!, v[1]![best]!, v[2]![best]!, v[3]![best]!];
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm) as [number, number, number, number];
}
