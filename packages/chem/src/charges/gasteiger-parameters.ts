/**
 * Gasteiger–Marsili orbital electronegativity parameters: chi(q) = a + b q + c q^2 for an atom type
 * (element and bonding mode). The first block is the published table (Gasteiger & Marsili, Tetrahedron
 * 1980, 36, 3219) with RDKit's sulfur modes; the second block holds the extra elements RDKit adds
 * (derived with PyBabel's procedure). Same values as RDKit so our charges agree with it.
 */
export type BondingMode = 'sp' | 'sp2' | 'sp3' | 'so' | 'so2' | 'H';

export interface GasteigerParameter {
  a: number;
  b: number;
  c: number;
}

const TABLE: ReadonlyArray<readonly [atomicNumber: number, mode: BondingMode, a: number, b: number, c: number]> = [
  [1, 'H', 7.17, 6.24, -0.56],
  [6, 'sp3', 7.98, 9.18, 1.88],
  [6, 'sp2', 8.79, 9.32, 1.51],
  [6, 'sp', 10.39, 9.45, 0.73],
  [7, 'sp3', 11.54, 10.82, 1.36],
  [7, 'sp2', 12.87, 11.15, 0.85],
  [7, 'sp', 15.68, 11.7, -0.27],
  [8, 'sp3', 14.18, 12.92, 1.39],
  [8, 'sp2', 17.07, 13.79, 0.47],
  [9, 'sp3', 14.66, 13.85, 2.31],
  [17, 'sp3', 11.0, 9.69, 1.35],
  [35, 'sp3', 10.08, 8.47, 1.16],
  [53, 'sp3', 9.9, 7.96, 0.96],
  [16, 'sp3', 10.14, 9.13, 1.38],
  [16, 'so', 10.14, 9.13, 1.38],
  [16, 'so2', 12.0, 10.81, 1.2],
  [16, 'sp2', 10.88, 9.49, 1.33],
  [15, 'sp3', 8.9, 8.24, 0.96],
  // Additional elements.
  [15, 'sp2', 9.665, 8.53, 0.735],
  [14, 'sp3', 7.3, 6.567, 0.657],
  [14, 'sp2', 7.905, 6.748, 0.443],
  [14, 'sp', 9.065, 7.027, -0.002],
  [5, 'sp3', 5.98, 6.82, 1.605],
  [5, 'sp2', 6.42, 6.807, 1.322],
  [4, 'sp3', 3.845, 6.755, 3.165],
  [4, 'sp2', 4.005, 6.725, 3.035],
  [12, 'sp2', 3.565, 5.572, 2.197],
  [12, 'sp3', 3.3, 5.587, 2.447],
  [12, 'sp', 4.04, 5.472, 1.823],
  [13, 'sp3', 5.375, 4.953, 0.867],
  [13, 'sp2', 5.795, 5.02, 0.695],
];

const BY_TYPE = new Map<string, GasteigerParameter>(TABLE.map(([z, mode, a, b, c]) => [`${z}:${mode}`, { a, b, c }]));

/** Parameters of an atom type; undefined when the table has none (or the atom has no bonding mode). */
export function gasteigerParameter(atomicNumber: number, mode: BondingMode | undefined): GasteigerParameter | undefined {
  return mode === undefined ? undefined : BY_TYPE.get(`${atomicNumber}:${mode}`);
}

/** Electronegativity of the hydrogen cation, used for hydrogen instead of a + b + c (Gasteiger & Marsili). */
export const HYDROGEN_CATION_ELECTRONEGATIVITY = 20.02;
