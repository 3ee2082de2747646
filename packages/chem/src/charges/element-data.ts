/**
 * The two numbers of RDKit's periodic table that its conjugation and hybridisation rules read,
 * indexed by atomic number (0 = dummy atom), as in RDKit 2022.09. A default valence of -1 ("none",
 * most metals) makes RDKit treat the element like a univalent one: never conjugated.
 */
const OUTER_ELECTRONS = [
  0, 1, 2, 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 2, 3, 4, 5, 6, 7, 8, 1,
  2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 4, 5,
  6, 7, 8, 9, 10, 11, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 2, 2, 2, 2, 2, 2,
  2, 2, 2, 2, 2, 2, 2, 2, 2,
];

const DEFAULT_VALENCE = [
  -1, 1, 0, 1, 2, 3, 4, 3, 2, 1, 0, 1, 2, 3, 4, 3, 2, 1, 0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, 4, 3, 2,
  1, 0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, 2, 3, 2, 1, 0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, 2, 3, 2, 1, 0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
];

export function outerElectrons(atomicNumber: number): number {
  return OUTER_ELECTRONS[atomicNumber] ?? 0;
}

export function defaultValence(atomicNumber: number): number {
  return DEFAULT_VALENCE[atomicNumber] ?? -1;
}
