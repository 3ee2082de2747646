import { ChemistryError } from './chemistry-error.ts';
import { smilesSizeProblem } from './molecule-size.ts';
import { rdkitHealth, withMol } from './rdkit.ts';

/** Longer than any real small molecule or peptide drug; bounds parse time and memory for hostile input. */
export const MAX_SMILES_LENGTH = 4000;

export type SmilesValidation = { ok: true; smiles: string } | { ok: false; message: string };

export const SMILES_MESSAGES = {
  required: 'SMILES string is required',
  empty: 'SMILES string cannot be empty',
  invalidStructure: 'Invalid SMILES structure',
  invalidFormat: 'Invalid SMILES format',
  invalidCharacters: 'SMILES contains invalid characters',
  tooLong: `SMILES string is too long (at most ${MAX_SMILES_LENGTH} characters)`,
} as const;

const SMILES_CHARACTERS = /^[A-Za-z0-9[\]()=#+\-@:./\\%*$]+$/;

/**
 * Checks a user's SMILES with the product's messages. Molecules over the size limits (`moleculeLimits()`) are
 * refused before any toolkit sees them. With RDKit loaded the structure is parsed; without it only the
 * character set is checked, so a client can answer before the toolkit arrives.
 */
export function validateSmiles(input: unknown): SmilesValidation {
  if (input === undefined || input === null) return { ok: false, message: SMILES_MESSAGES.required };
  if (typeof input !== 'string') return { ok: false, message: SMILES_MESSAGES.invalidFormat };
  const smiles = input.trim();
  if (smiles.length === 0) return { ok: false, message: SMILES_MESSAGES.empty };
  if (smiles.length > MAX_SMILES_LENGTH) return { ok: false, message: SMILES_MESSAGES.tooLong };
  // RDKit's parser also accepts mol blocks and JSON; a SMILES is one token on one line.
  if (/\s/.test(smiles) || smiles.startsWith('{')) return { ok: false, message: SMILES_MESSAGES.invalidFormat };
  const tooLarge = smilesSizeProblem(smiles);
  if (tooLarge) return { ok: false, message: tooLarge };
  if (rdkitHealth().state === 'not loaded') {
    return SMILES_CHARACTERS.test(smiles) ? { ok: true, smiles } : { ok: false, message: SMILES_MESSAGES.invalidCharacters };
  }
  try {
    const atoms = withMol(smiles, (mol) => mol.get_num_atoms());
    if (atoms === undefined || atoms === 0) return { ok: false, message: SMILES_MESSAGES.invalidStructure };
    return { ok: true, smiles };
  } catch (error) {
    if (error instanceof ChemistryError && error.code === 'MOLECULE_TOO_COMPLEX') return { ok: false, message: error.message };
    // A toolkit being replaced is the server's state, not the input's fault: the caller answers 503.
    if (error instanceof ChemistryError) throw error;
    return { ok: false, message: SMILES_MESSAGES.invalidFormat };
  }
}
