/**
 * Per-element radii in ångström. Covalent radii are Pyykkö's single/double/triple-bond radii (bond
 * lengths come out within a few hundredths of typical organic values); van der Waals radii are Bondi's.
 * Elements outside the table fall back to values of their size class so odd molecules still embed.
 */
const SINGLE: Record<number, number> = {
  1: 0.32, 3: 1.33, 5: 0.85, 6: 0.75, 7: 0.71, 8: 0.63, 9: 0.64, 11: 1.55, 12: 1.39, 13: 1.26, 14: 1.16, 15: 1.11,
  16: 1.03, 17: 0.99, 19: 1.96, 20: 1.71, 26: 1.16, 29: 1.12, 30: 1.18, 33: 1.21, 34: 1.16, 35: 1.14, 53: 1.33,
};
const DOUBLE: Record<number, number> = { 5: 0.78, 6: 0.67, 7: 0.6, 8: 0.57, 14: 1.07, 15: 1.02, 16: 0.94, 33: 1.14, 34: 1.07 };
const TRIPLE: Record<number, number> = { 5: 0.73, 6: 0.6, 7: 0.54, 8: 0.53, 14: 1.02, 15: 0.94, 16: 0.95 };
const VDW: Record<number, number> = {
  1: 1.1, 5: 1.92, 6: 1.7, 7: 1.55, 8: 1.52, 9: 1.47, 14: 2.1, 15: 1.8, 16: 1.8, 17: 1.75, 34: 1.9, 35: 1.85, 53: 1.98,
};

export function covalentRadius(atomicNumber: number, order: number): number {
  const single = SINGLE[atomicNumber] ?? (atomicNumber > 18 ? 1.4 : 1.0);
  if (order >= 3) return TRIPLE[atomicNumber] ?? single - 0.15;
  if (order >= 2) return DOUBLE[atomicNumber] ?? single - 0.08;
  return single;
}

export function vdwRadius(atomicNumber: number): number {
  return VDW[atomicNumber] ?? (atomicNumber > 18 ? 2.0 : 1.7);
}
