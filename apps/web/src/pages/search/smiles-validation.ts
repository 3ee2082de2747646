/** Spec section 5's SMILES messages that the browser can decide without a chemistry toolkit. */
export const SMILES_MESSAGES = {
  empty: 'Please enter a valid SMILES string or draw a molecule',
  invalidCharacters: 'SMILES contains invalid characters',
  invalidStructure: 'Invalid SMILES structure',
} as const;

export const DATABASE_REQUIRED = 'Please select at least one database to search';

// Letters, digits and []()=#+-@:./ (spec section 5); `%` (ring closures above 9), `\` (bond direction)
// and `*` (wildcard atom) are valid SMILES too, so they are accepted as well.
const ALLOWED = /^[A-Za-z0-9[\]()=#+\-@:./%\\*]+$/;

/** The message for a SMILES text, or null when it may be submitted (the server then parses it with RDKit). */
export function smilesProblem(text: string): string | null {
  const smiles = text.trim();
  if (!smiles) return SMILES_MESSAGES.empty;
  if (!ALLOWED.test(smiles)) return SMILES_MESSAGES.invalidCharacters;
  return null;
}
