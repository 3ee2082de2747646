/** Every way the chemistry toolkits can refuse work, as one list the type derives from. */
export const CHEMISTRY_ERROR_CODES = ['MOLECULE_TOO_COMPLEX', 'CHEMISTRY_UNAVAILABLE'] as const;
export type ChemistryErrorCode = (typeof CHEMISTRY_ERROR_CODES)[number];

export const CHEMISTRY_MESSAGES = {
  tooComplex: 'Molecule is too large or too complex to process',
  unavailable: 'The chemistry toolkit is restarting. Please try again in a moment.',
} as const;

/**
 * A molecule the toolkits cannot safely process (over the size limits, or one that broke the toolkit), or a
 * toolkit that is being replaced after such a molecule. Callers answer the one request; the next is served.
 */
export class ChemistryError extends Error {
  readonly code: ChemistryErrorCode;

  constructor(code: ChemistryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChemistryError';
    this.code = code;
  }
}
