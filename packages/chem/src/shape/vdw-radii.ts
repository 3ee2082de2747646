/**
 * Van der Waals radii (ångström) by atomic number, the values of RDKit's periodic table, so our
 * Gaussian shapes are built on the same radii as RDKit's grid shape encoding that ESPsim uses.
 * Index 0 is unused; elements past radon fall back to 2.0 Å.
 */
const RDKIT_VDW_RADII = [
  0, 1.2, 1.4, 2.2, 1.9, 1.8, 1.7, 1.6, 1.55, 1.5, 1.54, 2.4, 2.2, 2.1, 2.1, 1.95, 1.8, 1.8, 1.88, 2.8, 2.4, 2.3, 2.15,
  2.05, 2.05, 2.05, 2.05, 2.0, 2.0, 2.0, 2.1, 2.1, 2.1, 2.05, 1.9, 1.9, 2.02, 2.9, 2.55, 2.4, 2.3, 2.15, 2.1, 2.05,
  2.05, 2.0, 2.05, 2.1, 2.2, 2.2, 2.25, 2.2, 2.1, 2.1, 2.16, 3.0, 2.7, 2.5, 2.48, 2.47, 2.45, 2.43, 2.42, 2.4, 2.38,
  2.37, 2.35, 2.33, 2.32, 2.3, 2.28, 2.27, 2.25, 2.2, 2.1, 2.05, 2.0, 2.0, 2.05, 2.1, 2.05, 2.2, 2.3, 2.3, 2.0, 2.0, 2.0,
] as const;

const FALLBACK_RADIUS = 2.0;

export function vdwRadius(atomicNumber: number): number {
  return atomicNumber > 0 && atomicNumber < RDKIT_VDW_RADII.length ? RDKIT_VDW_RADII[atomicNumber]! : FALLBACK_RADIUS;
}
