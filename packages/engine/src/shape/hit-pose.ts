import { decodeModel, loadRDKit, poseToSdf, score } from '@molsearch/chem';
import type { Model3D, Pose } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { catalogueElectrostaticForm } from './shape-search.ts';
import type { ShapeQuery } from './shape-query.ts';

/** A hit laid on the query: the query conformer it was aligned to and the hit in that conformer's frame. */
export interface HitPose {
  /** The query's molblock at the conformer the hit lies on (heavy atoms, its own coordinates). */
  queryMolblock: string;
  /** The hit's molblock at its best-shape pose on that conformer. */
  hitMolblock: string;
  /** Shape Tanimoto at the pose. */
  shape: number;
  /** The electrostatic score at the pose, in the catalogue's form. */
  electrostatic: number;
  /** Per heavy atom, its partial charge with its hydrogens' charges added (united atoms), query and hit. */
  queryCharges: number[];
  hitCharges: number[];
}

/** A hydrogen belongs to the nearest heavy atom within this distance (Å): a bond, never a neighbour's. */
const HYDROGEN_BOND_REACH = 1.3;

/**
 * The pose a chemist looks at for one hit: aligned at its best shape overlap as every 3D method aligns it,
 * both scores at that pose, and both molecules' charges; undefined when the row has no 3D model.
 * Runs on the calling thread (one alignment, milliseconds); RDKit writes the molblocks.
 */
export async function hitPose(query: ShapeQuery, catalogue: Catalogue, row: number, titles: { query: string; hit: string }): Promise<HitPose | undefined> {
  const bytes = catalogue.shape?.model(row);
  if (!bytes || bytes.byteLength === 0) return undefined;
  await loadRDKit();
  const model = decodeModel(bytes);
  const scored = score(query.model, model, 'espsim_shape', { electrostaticForm: catalogueElectrostaticForm(catalogue), withElectrostatic: true });
  const conformer = scored.pose.queryConformer;
  // The query as it is: its own conformer, unmoved.
  const identity: Pose = { queryConformer: conformer, candidateConformer: conformer, rotation: [1, 0, 0, 0], translation: [0, 0, 0] };
  return {
    queryMolblock: recordBody(poseToSdf(query.smiles, query.model, identity, titles.query)),
    hitMolblock: recordBody(poseToSdf(catalogue.smiles(row), model, scored.pose, titles.hit)),
    shape: scored.shape,
    electrostatic: scored.electrostatic!,
    queryCharges: unitedAtomCharges(query.model, conformer),
    hitCharges: unitedAtomCharges(model, scored.pose.candidateConformer),
  };
}

/** The molblock of a `$$$$`-terminated record. */
function recordBody(record: string): string {
  return record.replace(/\$\$\$\$\n?$/, '');
}

/**
 * Heavy-atom charges with each kept hydrogen's charge added to the heavy atom nearest to it in
 * `conformer` (the model keeps hydrogens as sites after the heavy atoms, without their bonds).
 */
export function unitedAtomCharges(model: Model3D, conformer: number): number[] {
  const heavy = model.atomicNumbers.length;
  const charges = Array.from(model.charges.subarray(0, heavy));
  const xyz = model.conformers[conformer]!;
  for (let h = heavy; h < heavy + model.hydrogenSites; h++) {
    let nearest = -1;
    let best = HYDROGEN_BOND_REACH * HYDROGEN_BOND_REACH;
    for (let a = 0; a < heavy; a++) {
      const d = (xyz[3 * a]! - xyz[3 * h]!) ** 2 + (xyz[3 * a + 1]! - xyz[3 * h + 1]!) ** 2 + (xyz[3 * a + 2]! - xyz[3 * h + 2]!) ** 2;
      if (d < best) {
        best = d;
        nearest = a;
      }
    }
    if (nearest >= 0) charges[nearest]! += model.charges[h]!;
  }
  return charges.map((charge) => Math.round(charge * 1000) / 1000);
}
