/**
 * The SMARTS screen's keys as numbers (smarts-screen.ts names them in text): a molecule's keys are made
 * for every molecule screened, and numbers are made and looked up without building or hashing strings.
 *
 * An atom key is 0 for any atom (`*`), 1 / 2 for any aromatic / aliphatic atom (`a` / `A`), and for an
 * element 16·(Z + 1) + its form: 0 any (`7`), 1 aromatic (`7a`), 2 aliphatic (`7A`), 3 charged (`7+`),
 * 4 / 5 aromatic / aliphatic and charged (`7a+`, `7A+`), 6 isotope-labelled (`7i`). A bond key joins two
 * atom keys with its symbol: `~` any order, `@` in a ring, `=` double, `#` triple.
 */
export const ANY_ATOM = 0;
export const AROMATIC_ATOM = 1;
export const ALIPHATIC_ATOM = 2;
/** The text of the atom keys that name no element, by number. */
const GENERIC_ATOMS: readonly string[] = ['*', 'a', 'A'];
export const Form = { Any: 0, Aromatic: 1, Aliphatic: 2, Charged: 3, AromaticCharged: 4, AliphaticCharged: 5, Isotope: 6 } as const;
/** Each form's suffix in the text keys, by form number. */
const FORM_SUFFIXES: readonly string[] = ['', 'a', 'A', '+', 'a+', 'A+', 'i'];

const SYMBOLS = ['~', '@', '=', '#'] as const;
export type BondSymbol = (typeof SYMBOLS)[number];
const SYMBOL_INDEX = Object.fromEntries(SYMBOLS.map((symbol, index) => [symbol, index])) as Readonly<Record<BondSymbol, number>>;
/** Atom keys stay below this, so a bond key holds its symbol and both atom keys in one small integer. */
const ATOM_KEYS = 8192;

export function elementKey(atomicNumber: number, form: number): number {
  return 16 * (atomicNumber + 1) + form;
}

export function bondKey(symbol: BondSymbol, x: number, y: number): number {
  return (SYMBOL_INDEX[symbol] * ATOM_KEYS + x) * ATOM_KEYS + y;
}

/** The number of a key written as text (`7a+`, `6A=8A`, `8@6`). */
export function keyCode(text: string): number {
  const at = text.search(/[~@=#]/);
  if (at >= 0) return bondKey(text[at] as BondSymbol, atomCode(text.slice(0, at)), atomCode(text.slice(at + 1)));
  return atomCode(text);
}

function atomCode(text: string): number {
  const generic = GENERIC_ATOMS.indexOf(text);
  if (generic >= 0) return generic;
  const element = /^(\d+)(.*)$/.exec(text);
  const form = element ? FORM_SUFFIXES.indexOf(element[2]!) : -1;
  if (!element || form < 0) throw new SyntaxError(`Not a screen key: ${text}`);
  return elementKey(Number(element[1]), form);
}

/** The text of a key number: `keyText(keyCode(text)) === text`. */
export function keyText(code: number): string {
  if (code < ATOM_KEYS) return atomText(code);
  const y = code % ATOM_KEYS;
  const rest = (code - y) / ATOM_KEYS;
  const x = rest % ATOM_KEYS;
  return `${atomText(x)}${SYMBOLS[(rest - x) / ATOM_KEYS]}${atomText(y)}`;
}

function atomText(code: number): string {
  if (code < 16) return GENERIC_ATOMS[code] ?? '?';
  const form = code % 16;
  return `${(code - form) / 16 - 1}${FORM_SUFFIXES[form] ?? '?'}`;
}
