import { CHEMISTRY_MESSAGES } from './chemistry-error.ts';

/**
 * The largest molecule the service processes. RDKit's WebAssembly build recurses over the molecule graph
 * and traps (or, depending on what its heap holds, loops) on straight chains of about 600 atoms and
 * beyond, and drawing grows steeply with size; every approved drug in DrugCentral (peptides up to
 * lixisenatide, 342 heavy atoms; at most 13 ring closures, branches nested 8 deep and 3 fragments) and
 * every vendor sample we hold (at most 7 fragments) fits well inside these limits. Drawing 200 separate
 * ions takes seconds, hence the fragment limit; hydrogens written in brackets (`[HH96]`) are limited
 * because the 3D model holds every hydrogen and 20,000 of them exhaust the memory of a conformer generator.
 */
export const DEFAULT_MOLECULE_LIMITS: Readonly<MoleculeLimits> = {
  heavyAtoms: 350,
  hydrogens: 350,
  ringClosures: 50,
  branchDepth: 20,
  fragments: 32,
};

export interface MoleculeLimits {
  heavyAtoms: number;
  /** Hydrogens written out: `[H]` atoms and the counts in bracket atoms (`[NH3+]` has 3); implicit ones are not counted. */
  hydrogens: number;
  ringClosures: number;
  branchDepth: number;
  /** Disconnected parts (salts, mixtures): dots in the SMILES plus one. */
  fragments: number;
}

let limits: Readonly<MoleculeLimits> = DEFAULT_MOLECULE_LIMITS;

/** The limits this process applies. */
export function moleculeLimits(): Readonly<MoleculeLimits> {
  return limits;
}

/**
 * Changes this process's limits (a deployment that serves larger molecules, at the cost of slower drawings
 * and more toolkit replacements). Worker threads are given the same limits by whoever starts them.
 */
export function setMoleculeLimits(changes: Partial<MoleculeLimits>): void {
  for (const [name, value] of Object.entries(changes)) {
    if (value !== undefined && !(Number.isInteger(value) && value > 0)) throw new RangeError(`Molecule limit ${name} must be a positive integer, got ${value}`);
  }
  limits = { ...limits, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
}

/**
 * A bracket atom's parts: isotope, element (a hydrogen is not a heavy atom), chirality (`@OH30` holds an H
 * that is not a hydrogen count), and the hydrogen count.
 */
const BRACKET_ATOM = /^\[(\d*)(H(?![a-gi-z])|[A-Z][a-z]?|[a-z][a-z]?|\*)?(@(?:@|TH\d|AL\d|SP\d|TB\d+|OH\d+)?)?(?:H(\d*))?/;
const ORGANIC_TWO_LETTER = new Set(['Cl', 'Br']);
const ORGANIC_ONE_LETTER = new Set(['B', 'C', 'N', 'O', 'P', 'S', 'F', 'I', 'b', 'c', 'n', 'o', 'p', 's', '*']);

type SmilesSize = MoleculeLimits;

/**
 * Counts a SMILES's heavy atoms, ring-closure labels and deepest branch nesting in one pass over the text,
 * without a toolkit: cheap enough to run on every input before RDKit sees it. Malformed text is counted
 * as far as it reads; RDKit rejects it afterwards.
 */
export function smilesSize(smiles: string): SmilesSize {
  let heavyAtoms = 0;
  let hydrogens = 0;
  let closureLabels = 0;
  let depth = 0;
  let branchDepth = 0;
  let fragments = 1;
  // A CXSMILES extension (` |...|`) and a trailing name are not part of the graph.
  const space = smiles.search(/\s/);
  const length = space < 0 ? smiles.length : space;
  for (let i = 0; i < length; i++) {
    const ch = smiles[i]!;
    if (ch === '[') {
      const end = smiles.indexOf(']', i);
      const atom = BRACKET_ATOM.exec(end < 0 ? smiles.slice(i) : smiles.slice(i, end + 1));
      if (atom?.[2] === 'H') hydrogens++;
      else heavyAtoms++;
      if (atom?.[4] !== undefined) hydrogens += atom[4] === '' ? 1 : Number(atom[4]);
      i = end < 0 ? length : end;
    } else if (ORGANIC_TWO_LETTER.has(smiles.slice(i, i + 2))) {
      heavyAtoms++;
      i++;
    } else if (ORGANIC_ONE_LETTER.has(ch)) {
      heavyAtoms++;
    } else if (ch === '%') {
      // %nn, or RDKit's %(nnn) with any number of digits.
      closureLabels++;
      if (smiles[i + 1] === '(') {
        const end = smiles.indexOf(')', i);
        i = end < 0 ? length : end;
      } else i += 2;
    } else if (ch >= '0' && ch <= '9') {
      closureLabels++;
    } else if (ch === '(') {
      depth++;
      if (depth > branchDepth) branchDepth = depth;
    } else if (ch === ')') {
      depth--;
    } else if (ch === '.') {
      fragments++;
    }
  }
  // Each ring bond is written twice: where it opens and where it closes.
  return { heavyAtoms, hydrogens, ringClosures: Math.ceil(closureLabels / 2), branchDepth, fragments };
}

/** Why `smiles` is over the service's size limits, in words a user reads; undefined when it is within them. */
export function smilesSizeProblem(smiles: string): string | undefined {
  const size = smilesSize(smiles);
  if (size.heavyAtoms > limits.heavyAtoms) return heavyAtomProblem(size.heavyAtoms);
  if (size.hydrogens > limits.hydrogens) {
    return `${CHEMISTRY_MESSAGES.tooComplex}: ${size.hydrogens} hydrogens written out (at most ${limits.hydrogens})`;
  }
  if (size.ringClosures > limits.ringClosures) {
    return `${CHEMISTRY_MESSAGES.tooComplex}: ${size.ringClosures} ring closures (at most ${limits.ringClosures})`;
  }
  if (size.branchDepth > limits.branchDepth) {
    return `${CHEMISTRY_MESSAGES.tooComplex}: branches nested ${size.branchDepth} deep (at most ${limits.branchDepth})`;
  }
  if (size.fragments > limits.fragments) {
    return `${CHEMISTRY_MESSAGES.tooComplex}: ${size.fragments} separate fragments (at most ${limits.fragments})`;
  }
  return undefined;
}

/** The same limit for a mol block (V2000 or V3000), counting the element symbols of its atom block. */
export function molblockSizeProblem(molblock: string): string | undefined {
  const heavyAtoms = molblockHeavyAtoms(molblock);
  return heavyAtoms > limits.heavyAtoms ? heavyAtomProblem(heavyAtoms) : undefined;
}

function heavyAtomProblem(heavyAtoms: number): string {
  return `${CHEMISTRY_MESSAGES.tooComplex}: ${heavyAtoms} heavy atoms (at most ${limits.heavyAtoms})`;
}

function molblockHeavyAtoms(molblock: string): number {
  const lines = molblock.split('\n');
  const counts = lines[3] ?? '';
  let heavy = 0;
  if (counts.includes('V3000')) {
    let inAtoms = false;
    for (const line of lines) {
      if (line.startsWith('M  V30 BEGIN ATOM')) inAtoms = true;
      else if (line.startsWith('M  V30 END ATOM')) break;
      // M  V30 index symbol x y z ...
      else if (inAtoms && line.split(/\s+/)[3] !== 'H') heavy++;
    }
    return heavy;
  }
  const atoms = Number(counts.slice(0, 3).trim()) || 0;
  for (let k = 4; k < 4 + atoms && k < lines.length; k++) {
    if (lines[k]!.slice(31, 34).trim() !== 'H') heavy++;
  }
  return heavy;
}
