import { graphCycles } from './cycle-lengths.ts';
import type { MolGraph } from './mol-graph.ts';
import { ALIPHATIC_ATOM, ANY_ATOM, AROMATIC_ATOM, Form, bondKey, elementKey, keyCode } from './screen-keys.ts';

/**
 * A cheap, sound screen before a SMARTS substructure search: what a pattern cannot match without, read
 * from the SMARTS text, against what a molecule holds. A molecule that lacks it cannot match, so the
 * search is skipped; whatever the reader cannot pin down (negations, `*`, hydrogen, bond lists) needs
 * nothing, so the screen never skips a search that would match. Three things are read:
 * - atom kinds (an element, aromatic or not, charged, labelled with an isotope): a pattern atom needs one
 *   of a list of kinds. A recursive SMARTS needs what its first atom needs, which is the atom it matches.
 * - double and triple bonds outside aromatic rings, with the kinds of their two atoms: most alerts of
 *   unwanted functionality name one (an alkyne, an aliphatic C=C, an S=O beside a halogen); and bonds of
 *   any order by the elements they join, in a ring or anywhere: a pattern bond is always a bond of the
 *   molecule (an N–N, an O–O; a ring bond `@` between an O and a C).
 * - the lengths of the pattern's rings: a match maps the pattern's atoms onto distinct atoms and its bonds
 *   onto bonds, so each of its cycles onto one of the same length (a seven-membered ring needs a
 *   seven-membered cycle, which an indole or a naphthalene does not hold; `cycle-lengths.ts`).
 *
 * Keys name atom kinds: `7` any nitrogen, `7a` / `7A` aromatic / aliphatic, `7+` / `7a+` / `7A+` charged,
 * `7i` isotope-labelled; `a` / `A` any aromatic / aliphatic atom; `*` any atom. A bond key joins two atom
 * keys with `=` or `#`, or two atomic numbers with `~` for a bond of any order, `@` for one in a ring. A pattern's
 * needs are read in text and screened as numbers (`screenNeeds`, screen-keys.ts).
 */

/**
 * What a pattern needs: each list names kinds (of atoms, or of bonds) of which the molecule must hold one,
 * and the molecule must hold a cycle (or disjoint cycles, as `cycle-lengths.ts` counts them) of each of
 * `cycles`' lengths.
 */
export interface PatternNeeds {
  atoms: readonly (readonly string[])[];
  bonds: readonly (readonly string[])[];
  cycles: readonly number[];
}

/** A pattern's needs with its keys as numbers (screen-keys.ts), read once and screened against every molecule. */
export interface ScreenNeeds {
  atoms: readonly Int32Array[];
  bonds: readonly Int32Array[];
  cycles: readonly number[];
}

export function screenNeeds(needs: PatternNeeds): ScreenNeeds {
  const codes = (lists: readonly (readonly string[])[]) => lists.map((keys) => Int32Array.from(keys, keyCode));
  return { atoms: codes(needs.atoms), bonds: codes(needs.bonds), cycles: needs.cycles };
}

/** What a molecule holds, as key numbers (screen-keys.ts): the keys `PatternScreen` reads, as sets one can look into. */
export interface MoleculeKinds {
  atoms: ReadonlySet<number>;
  bonds: ReadonlySet<number>;
  cycles: ReadonlySet<number>;
}

/** Every key one atom answers to: `a` or `A`, `*`, its element, its element and aromaticity, charged and labelled forms. */
function kindsOf(atom: MolGraph['atoms'][number]): number[] {
  const z = atom.atomicNumber;
  const form = elementKey(z, atom.aromatic ? Form.Aromatic : Form.Aliphatic);
  const kinds = [atom.aromatic ? AROMATIC_ATOM : ALIPHATIC_ATOM, elementKey(z, Form.Any), form, ANY_ATOM];
  if (atom.formalCharge !== 0) kinds.push(elementKey(z, Form.Charged), elementKey(z, atom.aromatic ? Form.AromaticCharged : Form.AliphaticCharged));
  if (atom.isotope !== 0) kinds.push(elementKey(z, Form.Isotope));
  return kinds;
}

/** The atom kinds, the bonds by their elements, the double and triple bonds outside aromatic rings, and the cycle lengths. */
export function moleculeKinds(graph: MolGraph): MoleculeKinds {
  const atoms = new Set<number>();
  const bonds = new Set<number>();
  const cycles = visitKeys(graph, (key) => atoms.add(key), (key) => bonds.add(key));
  return { atoms, bonds, cycles };
}

/** Calls `atom` with each atom key of the molecule and `bond` with each bond key (some more than once); returns its cycle lengths. */
function visitKeys(graph: MolGraph, atom: (key: number) => void, bond: (key: number) => void): ReadonlySet<number> {
  const perAtom = graph.atoms.map(kindsOf);
  for (const kinds of perAtom) for (const kind of kinds) atom(kind);
  const cycles = graphCycles(graph.atoms.length, graph.bonds);
  graph.bonds.forEach(({ a, b, aromatic, order }, index) => {
    const za = elementKey(graph.atoms[a]!.atomicNumber, Form.Any);
    const zb = elementKey(graph.atoms[b]!.atomicNumber, Form.Any);
    bond(bondKey('~', za, zb));
    bond(bondKey('~', zb, za));
    if (cycles.ringBonds[index]) {
      bond(bondKey('@', za, zb));
      bond(bondKey('@', zb, za));
    }
    const symbol = aromatic ? undefined : BOND_SYMBOLS[order];
    if (!symbol) return;
    for (const x of perAtom[a]!) {
      for (const y of perAtom[b]!) {
        bond(bondKey(symbol, x, y));
        bond(bondKey(symbol, y, x));
      }
    }
  });
  return cycles.lengths;
}

/**
 * Screens one molecule against many patterns at once: a pattern may match unless the molecule lacks one of its
 * cycle lengths or holds none of the keys of one of its lists. Every key some pattern names gets a flag; the
 * molecule's keys set their flags (keys no pattern names are passed over) and each pattern reads its own, rather
 * than building the molecule's key sets and looking each listed key up in them, which had cost nearly as much
 * as the substructure searches left after the screen.
 */
export class PatternScreen {
  private readonly flags = new Map<number, number>();
  /** Each pattern's lists of flags, of which the molecule must hold one each, and its cycle lengths. */
  private readonly patterns: { lists: Int32Array[]; cycles: readonly number[] }[];

  constructor(needs: readonly ScreenNeeds[]) {
    // Atom keys stay below 8,192 and bond keys above (screen-keys.ts), so one flag space holds both.
    this.patterns = needs.map(({ atoms, bonds, cycles }) => ({
      lists: [...atoms, ...bonds].map((keys) => Int32Array.from(keys, (key) => this.flagOf(key))),
      cycles,
    }));
  }

  /** 1 for each pattern the molecule may match, 0 for those it lacks something of. */
  screen(graph: MolGraph): Uint8Array {
    const held = new Uint8Array(this.flags.size);
    const hold = (key: number) => {
      const flag = this.flags.get(key);
      if (flag !== undefined) held[flag] = 1;
    };
    const cycles = visitKeys(graph, hold, hold);
    const result = new Uint8Array(this.patterns.length);
    this.patterns.forEach(({ lists, cycles: lengths }, p) => {
      for (const length of lengths) if (!cycles.has(length)) return;
      for (const anyOf of lists) {
        let found = false;
        for (let k = 0; k < anyOf.length && !found; k++) found = held[anyOf[k]!] === 1;
        if (!found) return;
      }
      result[p] = 1;
    });
    return result;
  }

  private flagOf(key: number): number {
    let flag = this.flags.get(key);
    if (flag === undefined) this.flags.set(key, (flag = this.flags.size));
    return flag;
  }
}

const BOND_SYMBOLS: Readonly<Record<number, '=' | '#'>> = { 2: '=', 3: '#' };

/** What `smarts` needs: its atoms' kinds (atoms that need nothing left out), its bonds' and its rings'. */
export function patternNeeds(smarts: string): PatternNeeds {
  const pattern = patternGraph(smarts);
  const atoms = pattern.atoms.filter((kinds): kinds is string[] => kinds !== undefined);
  const cycles = graphCycles(pattern.atoms.length, pattern.bonds);
  const bonds = pattern.bonds.flatMap(({ a, b, symbol, ring: ringExpression }, index) => {
    // A bond of one of the pattern's own rings lies in a ring of the molecule too.
    const ring = ringExpression || cycles.ringBonds[index] === 1;
    const needs: string[][] = [];
    const ea = elementsOf(pattern.atoms[a]);
    const eb = elementsOf(pattern.atoms[b]);
    if (ea && eb) needs.push(ea.flatMap((x) => eb.map((y) => `${x}${ring ? '@' : '~'}${y}`)));
    if (symbol) {
      const keys: string[] = [];
      for (const x of pattern.atoms[a] ?? ['*']) for (const y of pattern.atoms[b] ?? ['*']) keys.push(`${x}${symbol}${y}`);
      needs.push(keys);
    }
    return needs;
  });
  return { atoms, bonds, cycles: [...cycles.lengths] };
}

/** The atomic numbers an atom's kinds allow, or undefined when one of them allows any element (`a`, `A`, `*`). */
function elementsOf(kinds: readonly string[] | undefined): number[] | undefined {
  if (!kinds) return undefined;
  const elements = new Set<number>();
  for (const kind of kinds) {
    const z = /^\d+/.exec(kind)?.[0];
    if (z === undefined) return undefined;
    elements.add(Number(z));
  }
  return [...elements];
}

interface PatternGraph {
  /** Per pattern atom, the kinds it needs one of, or undefined for none. */
  atoms: (string[] | undefined)[];
  /** `symbol` is `=` or `#` when the bond must be that, else undefined; `ring` when it must lie in a ring. */
  bonds: { a: number; b: number; symbol: string | undefined; ring: boolean }[];
}

/** The pattern's atoms and bonds: branches, ring closures and dots read, bond expressions kept as written. */
function patternGraph(smarts: string): PatternGraph {
  const atoms: (string[] | undefined)[] = [];
  const bonds: PatternGraph['bonds'] = [];
  const branches: number[] = [];
  const open = new Map<string, { atom: number; bond: string }>();
  let previous = -1;
  let bond = '';
  const addAtom = (kinds: string[] | undefined) => {
    atoms.push(kinds);
    if (previous >= 0) bonds.push(patternBond(previous, atoms.length - 1, bond));
    previous = atoms.length - 1;
    bond = '';
  };
  for (let i = 0; i < smarts.length; ) {
    const char = smarts[i]!;
    if (char === '[') {
      const end = closing(smarts, i + 1, ']');
      addAtom(bracketNeeds(smarts.slice(i + 1, end)));
      i = end + 1;
      continue;
    }
    const two = smarts.slice(i, i + 2);
    if (two === 'Cl' || two === 'Br') {
      addAtom([`${ELEMENTS[two]}A`]);
      i += 2;
      continue;
    }
    if (ORGANIC.has(char)) addAtom([`${ELEMENTS[char.toUpperCase()]}${char === char.toLowerCase() ? 'a' : 'A'}`]);
    else if (char === 'a' || char === 'A') addAtom([char]);
    else if (char === '*') addAtom(undefined);
    else if (char === '(') branches.push(previous);
    else if (char === ')') {
      previous = branches.pop() ?? -1;
      bond = '';
    } else if (char === '.') {
      previous = -1;
      bond = '';
    } else if (/[0-9%]/.test(char)) {
      const label = char === '%' ? smarts.slice(i, i + 3) : char;
      const opened = open.get(label);
      if (opened) {
        open.delete(label);
        if (previous >= 0) bonds.push(patternBond(opened.atom, previous, bond || opened.bond));
      } else open.set(label, { atom: previous, bond });
      bond = '';
      i += label.length;
      continue;
    } else bond += char;
    i++;
  }
  return { atoms, bonds };
}

/** `=` or `#` when a bond expression demands that order (ring or chain either way), else undefined. */
function bondSymbol(expression: string): string | undefined {
  if (expression.includes(',')) return undefined;
  const order = expression.replace(/!@|@|[&;]/g, '');
  return order === '=' || order === '#' ? order : undefined;
}

/** A pattern bond: the order its expression demands, and whether it demands a ring bond (`@`, not `!@`). */
function patternBond(a: number, b: number, expression: string): PatternGraph['bonds'][number] {
  const ring = !expression.includes(',') && /(^|[^!])@/.test(expression);
  return { a, b, symbol: bondSymbol(expression), ring };
}

const ORGANIC = new Set(['B', 'C', 'N', 'O', 'P', 'S', 'F', 'I', 'b', 'c', 'n', 'o', 'p', 's']);

const ELEMENTS: Readonly<Record<string, number>> = {
  H: 1, Li: 3, Be: 4, B: 5, C: 6, N: 7, O: 8, F: 9, Na: 11, Mg: 12, Al: 13, Si: 14, P: 15, S: 16, Cl: 17, K: 19, Ca: 20,
  Ti: 22, Mn: 25, Fe: 26, Ni: 28, Cu: 29, Zn: 30, Ga: 31, Ge: 32, As: 33, Se: 34, Br: 35, Sr: 38, Nb: 41, Mo: 42, Ru: 44,
  Rh: 45, Pd: 46, Ag: 47, Cd: 48, Sn: 50, Sb: 51, Te: 52, I: 53, Ba: 56, Hf: 72, Ho: 67, Au: 79, Hg: 80, Tl: 81, Pb: 82, Bi: 83,
};
const AROMATIC_SYMBOLS: Readonly<Record<string, string>> = { b: 'B', c: 'C', n: 'N', o: 'O', p: 'P', s: 'S', se: 'Se', as: 'As' };

/**
 * Index of the first `close` at or after `from` outside parentheses: the `]` of a bracket atom (a recursive
 * SMARTS inside holds brackets of its own), or the `)` of a recursive SMARTS when `from` is just inside it.
 */
function closing(text: string, from: number, close: ']' | ')'): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (char === close && depth === 0) return i;
    if (char === '(') depth++;
    else if (char === ')') depth--;
  }
  throw new SyntaxError(`Unclosed ${close === ']' ? 'bracket atom' : 'recursive SMARTS'} in ${text}`);
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
      kinds.push(...kind);
    }
    // A clause any atom can meet narrows nothing; of two that narrow, the first serves (each is necessary).
    if (kinds.length > 0 && !needs) needs = kinds;
  }
  return needs;
}

/**
 * The kinds an alternative (a conjunction of primitives) needs one of when it opens with an element or a
 * recursive SMARTS, else undefined.
 */
function alternativeNeeds(alternative: string): string[] | undefined {
  if (alternative.startsWith('$(')) return patternGraph(alternative.slice(2, closing(alternative, 2, ')'))).atoms[0];
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
  if (!rest.includes('!') && /[+-](?!0)/.test(rest)) return [`${z}${aromatic}+`];
  if (isotope) return [`${z}i`];
  return [`${z}${aromatic}`];
}
