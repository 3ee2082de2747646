import { espSelfOverlap } from './esp-overlap.ts';
import { shapeOverlapByElement } from './gaussian-shape.ts';
import type { ConformerSummary, Model3D } from './model-3d.ts';
import { principalFrame } from './principal-axes.ts';
import { quaternionFromMatrix } from './quaternion.ts';
import type { Quaternion } from './quaternion.ts';

/**
 * What the re-scorer derives from one conformer before any alignment: the heavy atoms' principal
 * axes and the shape and electrostatic self-overlaps. The model codec stores it, so the re-scorer
 * reads it instead of recomputing it for every candidate of every search.
 */
export function conformerSummary(model: Model3D, conformer: number): ConformerSummary {
  const coords = model.conformers[conformer];
  if (!coords) throw new Error(`The model has no conformer ${conformer}.`);
  const heavy = model.atomicNumbers.length;
  return {
    axes: quaternionFromMatrix(principalFrame(coords, heavy).axes),
    shapeSelfOverlap: shapeOverlapByElement(coords, model.atomicNumbers, coords, model.atomicNumbers),
    espSelfOverlap: espSelfOverlap(coords, model.charges, model.charges.length),
  };
}

/**
 * The principal axes of a conformer's heavy atoms (the first `heavy` sites) as a quaternion, each part
 * rounded to f32: what the model format stored up to version 4; for models read from version 5, which leave
 * it out, the re-scorer computes it from the coordinates.
 */
export function principalQuaternion(coords: Float64Array, heavy: number): Quaternion {
  const [w, x, y, z] = quaternionFromMatrix(principalFrame(coords, heavy).axes);
  return [Math.fround(w), Math.fround(x), Math.fround(y), Math.fround(z)];
}
