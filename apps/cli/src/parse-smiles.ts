import { ChemistryError, MAX_SMILES_LENGTH, SMILES_MESSAGES, withMol } from '@molsearch/chem';
import type { RDKitMol } from '@molsearch/chem';

export type ParsedResult<T> = { ok: true; value: T } | { ok: false; message: string };

// A CXSMILES extension (`CCO |$;;$|`) is part of the structure; any other whitespace means two tokens,
// which RDKit would silently read as SMILES plus a name.
const CXSMILES = /^\S+ \|[^|]*\|$/;

/**
 * Parses a SMILES once and hands the molecule to `use`, with the product's messages for input that does not
 * parse. Equivalent to `validateSmiles` followed by a parse, without parsing twice on the bulk path.
 */
export function withParsedSmiles<T>(input: string, use: (mol: RDKitMol) => T): ParsedResult<T> {
  const smiles = input.trim();
  if (smiles.length === 0) return { ok: false, message: SMILES_MESSAGES.empty };
  if (smiles.length > MAX_SMILES_LENGTH) return { ok: false, message: SMILES_MESSAGES.tooLong };
  if ((/\s/.test(smiles) && !CXSMILES.test(smiles)) || smiles.startsWith('{')) return { ok: false, message: SMILES_MESSAGES.invalidFormat };
  let parsed: { value: T } | undefined;
  try {
    parsed = withMol(smiles, (mol) => (mol.get_num_atoms() === 0 ? undefined : { value: use(mol) }));
  } catch (error) {
    return { ok: false, message: error instanceof ChemistryError ? error.message : SMILES_MESSAGES.invalidFormat };
  }
  return parsed ? { ok: true, value: parsed.value } : { ok: false, message: SMILES_MESSAGES.invalidStructure };
}
