/** Spec section 5's SMILES messages, as the browser gives them before anything is sent. */
export const SMILES_MESSAGES = {
  empty: 'Please enter a valid SMILES string or draw a molecule',
  invalidCharacters: 'SMILES contains invalid characters',
  invalidStructure: 'Invalid SMILES structure',
} as const;

export const DATABASE_REQUIRED = 'Please select at least one database to search';

// Letters, digits and []()=#+-@:./ (spec section 5); `%` (ring closures above 9), `\` (bond direction)
// and `*` (wildcard atom) are valid SMILES too, so they are accepted as well.
const ALLOWED = /^[A-Za-z0-9[\]()=#+\-@:./%\\*]+$/;

const ELEMENTS = new Set(
  ('H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru ' +
    'Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn ' +
    'Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og').split(' '),
);
const AROMATIC_IN_BRACKETS = new Set(['b', 'c', 'n', 'o', 'p', 's', 'se', 'as', 'te', '*']);
/** Atoms written without brackets: the organic subset, aromatic forms and the wildcard. */
const BARE_ATOM = /^(Cl|Br|[BCNOPSFI]|[bcnops]|\*)/;
/** Inside brackets: isotope, symbol, chirality, hydrogens, charge, atom class. */
const BRACKET_ATOM = /^(\d+)?([A-Z][a-z]?|se|as|te|[bcnops*])(@(@|TH[12]|AL[12]|SP[1-3]|TB\d{1,2}|OH\d{1,2})?)?(H\d*)?([+-](\d+|[+-]*))?(:\d+)?$/;
const BONDS = '-=#$:/\\';

type Token = 'atom' | 'bond' | 'open' | 'close' | 'ring' | 'dot';

/**
 * The message for a SMILES text, or null when it reads as SMILES: known elements, brackets closed, branches
 * opened and closed in order and not empty, ring bonds closed, no dangling bond or dot. It needs no chemistry
 * toolkit, so it answers as the user types; what only chemistry can tell (valences, aromaticity) the server
 * answers, under the same box.
 */
export function smilesProblem(text: string): string | null {
  const smiles = text.trim();
  if (!smiles) return SMILES_MESSAGES.empty;
  if (!ALLOWED.test(smiles)) return SMILES_MESSAGES.invalidCharacters;
  return structureReads(smiles) ? null : SMILES_MESSAGES.invalidStructure;
}

/** The tokens that may come right before each kind of token. */
const AFTER: Record<Token, readonly (Token | 'start')[]> = {
  atom: ['start', 'atom', 'bond', 'open', 'close', 'ring', 'dot'],
  bond: ['atom', 'open', 'close', 'ring'],
  open: ['atom', 'close', 'ring'],
  close: ['atom', 'close', 'ring'],
  ring: ['atom', 'ring', 'bond', 'close'],
  dot: ['atom', 'close', 'ring'],
};

function structureReads(smiles: string): boolean {
  const openRings = new Set<string>();
  let depth = 0;
  let previous: Token | 'start' = 'start';
  let beforeBond: Token | 'start' = 'start';
  for (let index = 0; index < smiles.length; ) {
    const rest = smiles.slice(index);
    let token: Token;
    let length = 1;
    const char = rest[0]!;
    if (char === '[') {
      const close = rest.indexOf(']');
      const atom = close < 0 ? null : BRACKET_ATOM.exec(rest.slice(1, close));
      const symbol = atom?.[2];
      if (!symbol || !(ELEMENTS.has(symbol) || AROMATIC_IN_BRACKETS.has(symbol))) return false;
      token = 'atom';
      length = close + 1;
    } else if (BARE_ATOM.test(rest)) {
      token = 'atom';
      length = BARE_ATOM.exec(rest)![0].length;
    } else if (BONDS.includes(char)) {
      token = 'bond';
    } else if (char === '(') {
      token = 'open';
      depth++;
    } else if (char === ')') {
      token = 'close';
      if (depth-- === 0) return false;
    } else if (char === '.') {
      token = 'dot';
    } else if (/\d/.test(char) || char === '%') {
      const label = char === '%' ? /^%\d\d/.exec(rest)?.[0] : char;
      if (!label) return false;
      // A ring bond after a bond symbol ("C=1") must still hang off an atom.
      if (previous === 'bond' && beforeBond !== 'atom' && beforeBond !== 'ring' && beforeBond !== 'close') return false;
      token = 'ring';
      length = label.length;
      if (openRings.has(label)) openRings.delete(label);
      else openRings.add(label);
    } else {
      return false;
    }
    if (!AFTER[token].includes(previous)) return false;
    if (token === 'bond') beforeBond = previous;
    previous = token;
    index += length;
  }
  return depth === 0 && openRings.size === 0 && (previous === 'atom' || previous === 'ring' || previous === 'close');
}
