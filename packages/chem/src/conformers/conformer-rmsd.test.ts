import { describe, expect, it } from 'vitest';
import { alignedRmsd } from './conformer-rmsd.ts';

const points = Float64Array.from([0, 0, 0, 1.5, 0, 0, 2.1, 1.3, 0, 3.6, 1.4, 0.4, 4.2, 2.6, -0.8]);
const atoms = [0, 1, 2, 3, 4];

function rotatedAndShifted(x: Float64Array, angle: number): Float64Array {
  const out = new Float64Array(x.length);
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  for (let i = 0; i < x.length; i += 3) {
    // Rotation about the axis (1,1,1)/√3 by Rodrigues' formula, then a translation.
    const [px, py, pz] = [x[i]!, x[i + 1]!, x[i + 2]!];
    const k = 1 / Math.sqrt(3);
    const dot = k * (px + py + pz);
    const cross = [k * (pz - py), k * (px - pz), k * (py - px)];
    out[i] = px * c + cross[0]! * s + k * dot * (1 - c) + 5;
    out[i + 1] = py * c + cross[1]! * s + k * dot * (1 - c) - 2;
    out[i + 2] = pz * c + cross[2]! * s + k * dot * (1 - c) + 1;
  }
  return out;
}

describe('alignedRmsd', () => {
  it('is zero for a rigidly moved copy', () => {
    expect(alignedRmsd(points, rotatedAndShifted(points, 1.1), atoms)).toBeLessThan(1e-6);
  });

  it('sees a real change of shape', () => {
    const bent = rotatedAndShifted(points, 0.4);
    bent[14] = bent[14]! + 1.5;
    // Moving one of five atoms by 1.5 Å cannot be superposed away, and superposition never does worse
    // than the displacement itself (1.5/√5 Å without any fitting).
    const rmsd = alignedRmsd(points, bent, atoms);
    expect(rmsd).toBeGreaterThan(0.1);
    expect(rmsd).toBeLessThan(1.5 / Math.sqrt(5));
  });
});
