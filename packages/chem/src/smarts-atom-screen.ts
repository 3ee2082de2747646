import type { MolGraph } from './mol-graph.ts';

/**
 * A cheap, sound screen before a SMARTS substructure search: the kinds of atom a pattern cannot match
 * without (an element, aromatic or not, charged, labelled with an isotope), read from the SMARTS text. A
 * molecule that lacks the kind some pattern atom needs cannot match, so the search is skipped; a pattern
 * atom the reader cannot pin down (recursive SMARTS, negations, `*`, hydrogen) needs nothing, so the
 * screen never skips a search that would match.
 *
 * Keys name atom kinds: `7` any nitrogen, `7a` / `7A` aromatic / aliphatic, `7+` / `7a+` / `7A+` charged,
 * `7i` isotope-labelled; `a` / `A` any aromatic / aliphatic atom.
 */
export type AtomKinds = ReadonlySet<string>;

/** For each pattern atom that needs something: the kinds of which the molecule must hold at least one. */
export type PatternNeeds = readonly (readonly string[])[];

/** The atom kinds a molecule holds. */
export function atomKinds(graph: MolGraph): AtomKinds {
  const kinds = new Set<string>();
  for (const atom of graph.atoms) {
    const z = atom.atomicNumber;
    const form = `${z}${atom.aromatic ? 'a' : 'A'}`;
    kinds.add(atom.aromatic ? 'a' : 'A');
    kinds.add(String(z));
    kinds.add(form);
    if (atom.formalCharge !== 0) {
      kinds.add(`${z}+`);
      kinds.add(`${form}+`);
    }
    if (atom.isotope !== 0) kinds.add(`${z}i`);
  }
  return kinds;
}

/** True unless the molecule lacks an atom kind the pattern needs. */
export function mayMatch(needs: PatternNeeds, kinds: AtomKinds): boolean {
  for (const anyOf of needs) if (!anyOf.some((kind) => kinds.has(kind))) return false;
  return true;
}

/** What the atoms of `smarts` need, atom by atom (atoms that need nothing left out). */
export function patternNeeds(smarts: string): PatternNeeds {
  const needs: string[][] = [];
  for (let i = 0; i < smarts.length; ) {
    const char = smarts[i]!;
    if (char === '[') {
      const end = closingBracket(smarts, i);
      const kinds = bracketNeeds(smarts.slice(i + 1, end));
      if (kinds) needs.push(kinds);
      i = end + 1;
      continue;
    }
    const two = smarts.slice(i, i + 2);
    if (two === 'Cl' || two === 'Br') {
      needs.push([`${ELEMENTS[two]}A`]);
      i += 2;
      continue;
    }
    if (ORGANIC.has(char)) needs.push([`${ELEMENTS[char.toUpperCase()]}${char === char.toLowerCase() ? 'a' : 'A'}`]);
    else if (char === 'a' || char === 'A') needs.push([char]);
    // Anything else is a bond, a branch, a ring closure or `*`, which need nothing.
    i++;
  }
  return needs;
}

const ORGANIC = new Set(['B', 'C', 'N', 'O', 'P', 'S', 'F', 'I', 'b', 'c', 'n', 'o', 'p', 's']);

const ELEMENTS: Readonly<Record<string, number>> = {
  H: 1, Li: 3, Be: 4, B: 5, C: 6, N: 7, O: 8, F: 9, Na: 11, Mg: 12, Al: 13, Si: 14, P: 15, S: 16, Cl: 17, K: 19, Ca: 20,
  Ti: 22, Mn: 25, Fe: 26, Ni: 28, Cu: 29, Zn: 30, Ga: 31, Ge: 32, As: 33, Se: 34, Br: 35, Sr: 38, Nb: 41, Mo: 42, Ru: 44,
  Rh: 45, Pd: 46, Ag: 47, Cd: 48, Sn: 50, Sb: 51, Te: 52, I: 53, Ba: 56, Hf: 72, Ho: 67, Au: 79, Hg: 80, Tl: 81, Pb: 82, Bi: 83,
};
const AROMATIC_SYMBOLS: Readonly<Record<string, string>> = { b: 'B', c: 'C', n: 'N', o: 'O', p: 'P', s: 'S', se: 'Se', as: 'As' };

/** Index of the `]` closing the bracket atom opened at `open` (a recursive SMARTS inside holds brackets of its own). */
function closingBracket(smarts: string, open: number): number {
  let depth = 0;
  for (let i = open + 1; i < smarts.length; i++) {
    const char = smarts[i];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ']' && depth === 0) return i;
  }
  throw new SyntaxError(`Unclosed bracket atom in ${smarts}`);
}

/** `text` split at `separator` outside parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * What a bracket atom needs, or undefined for nothing. SMARTS binds `&` (and juxtaposition) tighter than
 * `,`, and `,` tighter than `;`: every `;` clause must hold, each by one of its `,` alternatives.
 */
function bracketNeeds(content: string): string[] | undefined {
  let needs: string[] | undefined;
  for (const clause of splitTopLevel(content, ';')) {
    const kinds: string[] = [];
    for (const alternative of splitTopLevel(clause, ',')) {
      const kind = alternativeNeeds(alternative);
      if (!kind) {
        kinds.length = 0;
        break;
      }
      kinds.push(kind);
    }
    // A clause any atom can meet narrows nothing; of two that narrow, the first serves (each is necessary).
    if (kinds.length > 0 && !needs) needs = kinds;
  }
  return needs;
}

/** The kind an alternative (a conjunction of primitives) needs when it opens with an element, else undefined. */
function alternativeNeeds(alternative: string): string | undefined {
  const isotope = /^\d+/.exec(alternative)?.[0];
  let rest = alternative.slice(isotope?.length ?? 0);
  let z: number | undefined;
  let aromatic = '';
  const atomicNumber = /^#(\d+)/.exec(rest);
  if (atomicNumber) {
    z = Number(atomicNumber[1]);
    rest = rest.slice(atomicNumber[0].length);
  } else {
    const symbol = [rest.slice(0, 2), rest.slice(0, 1)].find((s) => s.length > 0 && (ELEMENTS[s] !== undefined || AROMATIC_SYMBOLS[s] !== undefined));
    // Hydrogen opening a bracket may be a hydrogen count; a primitive (R, X, D, v, !, $, *) needs no element.
    if (!symbol || symbol === 'H') return undefined;
    // A one-letter symbol followed by a lower-case letter that is no primitive (v, x, r, h) may be the start of an
    // element this reader does not list (Co, Cs, ...): it needs nothing rather than the wrong element.
    if (symbol.length === 1 && /^[a-z]$/.test(rest[1] ?? '') && !'vxrh'.includes(rest[1]!)) return undefined;
    const element = AROMATIC_SYMBOLS[symbol] ?? symbol;
    z = ELEMENTS[element];
    aromatic = AROMATIC_SYMBOLS[symbol] ? 'a' : 'A';
    rest = rest.slice(symbol.length);
  }
  if (z === undefined) return undefined;
  // A charge other than +0 / -0 needs a charged atom, unless a negation could turn it around.
  if (!rest.includes('!') && /[+-](?!0)/.test(rest)) return `${z}${aromatic}+`;
  if (isotope) return `${z}i`;
  return `${z}${aromatic}`;
}
