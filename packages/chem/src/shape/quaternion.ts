/**
 * Unit quaternions [w, x, y, z] for rigid rotations, and their 3×3 matrices (row-major).
 */
import { vectorLength3, vectorLength4 } from '../vector-length.ts';

export type Quaternion = readonly [number, number, number, number];

export const IDENTITY_QUATERNION: Quaternion = [1, 0, 0, 0];

/** Row-major rotation matrix of a (not necessarily normalised) quaternion, written into `out`. */
export function quaternionToMatrix(q: Quaternion, out: Float64Array = new Float64Array(9)): Float64Array {
  const [w, x, y, z] = q;
  const s = 2 / (w * w + x * x + y * y + z * z);
  out[0] = 1 - s * (y * y + z * z);
  out[1] = s * (x * y - w * z);
  out[2] = s * (x * z + w * y);
  out[3] = s * (x * y + w * z);
  out[4] = 1 - s * (x * x + z * z);
  out[5] = s * (y * z - w * x);
  out[6] = s * (x * z - w * y);
  out[7] = s * (y * z + w * x);
  out[8] = 1 - s * (x * x + y * y);
  return out;
}

/** The product a ⊗ b: rotating by b, then by a. */
export function multiplyQuaternions(a: Quaternion, b: Quaternion): Quaternion {
  const [aw, ax, ay, az] = a;
  const [bw, bx, by, bz] = b;
  return normalizeQuaternion([
    aw * bw - ax * bx - ay * by - az * bz,
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
  ]);
}

export function normalizeQuaternion(q: Quaternion): Quaternion {
  const norm = vectorLength4(q[0], q[1], q[2], q[3]);
  // A rotation keeps w ≥ 0 so equal rotations compare equal.
  const sign = q[0] < 0 ? -1 : 1;
  return [(sign * q[0]) / norm, (sign * q[1]) / norm, (sign * q[2]) / norm, (sign * q[3]) / norm];
}

/** Rotation by the angle |v| (radians) about the axis v. */
export function quaternionFromRotationVector(vx: number, vy: number, vz: number): Quaternion {
  const angle = vectorLength3(vx, vy, vz);
  if (angle < 1e-12) return normalizeQuaternion([1, vx / 2, vy / 2, vz / 2]);
  const s = Math.sin(angle / 2) / angle;
  return [Math.cos(angle / 2), vx * s, vy * s, vz * s];
}

/** Quaternion of a proper rotation matrix (row-major), by Shepperd's method for numerical stability. */
export function quaternionFromMatrix(m: ArrayLike<number>): Quaternion {
  const m00 = m[0]!, m01 = m[1]!, m02 = m[2]!;
  const m10 = m[3]!, m11 = m[4]!, m12 = m[5]!;
  const m20 = m[6]!, m21 = m[7]!, m22 = m[8]!;
  const trace = m00 + m11 + m22;
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    return normalizeQuaternion([s / 4, (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s]);
  }
  if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    return normalizeQuaternion([(m21 - m12) / s, s / 4, (m01 + m10) / s, (m02 + m20) / s]);
  }
  if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    return normalizeQuaternion([(m02 - m20) / s, (m01 + m10) / s, s / 4, (m12 + m21) / s]);
  }
  const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
  return normalizeQuaternion([(m10 - m01) / s, (m02 + m20) / s, (m12 + m21) / s, s / 4]);
}

/** out = R·x + t for each of the first `count` points of `coords`. */
export function transformPoints(
  coords: Float64Array,
  count: number,
  rotation: Float64Array,
  tx: number,
  ty: number,
  tz: number,
  out: Float64Array,
): Float64Array {
  const r0 = rotation[0]!, r1 = rotation[1]!, r2 = rotation[2]!;
  const r3 = rotation[3]!, r4 = rotation[4]!, r5 = rotation[5]!;
  const r6 = rotation[6]!, r7 = rotation[7]!, r8 = rotation[8]!;
  for (let j = 0; j < count; j++) {
    const x = coords[3 * j]!, y = coords[3 * j + 1]!, z = coords[3 * j + 2]!;
    out[3 * j] = r0 * x + r1 * y + r2 * z + tx;
    out[3 * j + 1] = r3 * x + r4 * y + r5 * z + ty;
    out[3 * j + 2] = r6 * x + r7 * y + r8 * z + tz;
  }
  return out;
}
