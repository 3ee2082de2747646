import { hasMatch } from './pains/pains.ts';
import { rdkit, withMol } from './rdkit.ts';
import type { RDKit, RDKitMol } from './rdkit.ts';

/** Longest substructure query accepted, as for query SMILES. */
export const MAX_SUBSTRUCTURE_LENGTH = 4000;

export type SubstructureCheck = { ok: true; kind: 'smiles' | 'smarts' } | { ok: false; message: string };

/**
 * Whether `text` can be a required substructure: a SMILES (as drawn) or, when it is not one or uses
 * SMARTS-only primitives, a SMARTS (query features typed or exported by the editor). Call after `loadRDKit()`.
 */
export function checkSubstructure(text: string): SubstructureCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'The substructure is empty: draw it or type a SMILES or SMARTS.' };
  if (trimmed.length > MAX_SUBSTRUCTURE_LENGTH) return { ok: false, message: `The substructure is longer than ${MAX_SUBSTRUCTURE_LENGTH} characters.` };
  const query = parseQuery(rdkit(), trimmed);
  if (!query) return { ok: false, message: `The substructure "${trimmed}" is neither a valid SMILES nor a valid SMARTS.` };
  query.mol.delete();
  return { ok: true, kind: query.kind };
}

/**
 * Query primitives that mean something else read as SMILES: RDKit's SMILES parser accepts `[#6]`, but as an
 * aliphatic carbon, where SMARTS means any carbon. Text using them (atomic numbers, logical operators,
 * recursion, any-bond) is read as SMARTS first.
 */
const SMARTS_ONLY = /\[[^\]]*[#;&,!$]|~/;

function parseQuery(module: RDKit, text: string): { mol: RDKitMol; kind: 'smiles' | 'smarts' } | undefined {
  const readers = [
    { kind: 'smiles' as const, parse: () => module.get_mol(text) },
    { kind: 'smarts' as const, parse: () => module.get_qmol(text) },
  ];
  if (SMARTS_ONLY.test(text)) readers.reverse();
  for (const reader of readers) {
    const mol = tryParse(reader.parse);
    if (mol) return { mol, kind: reader.kind };
  }
  return undefined;
}

function tryParse(parse: () => RDKitMol | null): RDKitMol | undefined {
  let mol: RDKitMol | null = null;
  try {
    mol = parse();
  } catch {
    return undefined;
  }
  if (mol && mol.is_valid() && mol.get_num_atoms() > 0) return mol;
  mol?.delete();
  return undefined;
}

/**
 * Tests molecules for one required substructure. Holds an RDKit query molecule: call `close()` when done.
 * A molecule RDKit cannot read does not contain it.
 */
export class SubstructureMatcher {
  readonly kind: 'smiles' | 'smarts';
  private readonly query: RDKitMol;

  constructor(text: string) {
    const query = parseQuery(rdkit(), text.trim());
    if (!query) throw new Error(`The substructure "${text}" is neither a valid SMILES nor a valid SMARTS.`);
    this.query = query.mol;
    this.kind = query.kind;
  }

  matches(smiles: string): boolean {
    return withMol(smiles, (mol) => hasMatch(mol, this.query)) === true;
  }

  close(): void {
    try {
      this.query.delete();
    } catch {
      // A module retired after a fault since took the query's memory with it.
    }
  }
}
