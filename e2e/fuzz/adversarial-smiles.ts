import fc from 'fast-check';

/**
 * SMILES written to hurt a chemistry toolkit: the shapes that trap or stall RDKit's WebAssembly build
 * (long chains, deep branches, many and huge ring closures, extreme charges and isotopes, long aromatic
 * systems) mixed with token soup and random bytes. Sizes straddle the service's limits, so some inputs
 * are refused before parsing and some reach the toolkit at its largest.
 */

const ELEMENTS = ['C', 'c', 'N', 'n', 'O', 'o', 'S', 's', 'P', 'B', 'F', 'Cl', 'Br', 'I', '*', '[nH]', '[Si]', '[Se]', '[se]', '[Fe]', '[U]'];
const BONDS = ['', '', '', '=', '#', ':', '/', '\\', '-', '.', '$'];

/** Lengths spread over orders of magnitude, so both small and limit-sized inputs come up often. */
const logSize = (max: number): fc.Arbitrary<number> => fc.double({ min: 0, max: Math.log(max), noNaN: true }).map((x) => Math.max(1, Math.round(Math.exp(x))));

const longChain = fc.tuple(fc.constantFrom('C', 'c', 'O', 'CC(C)', 'OCC', 'C=C', 'S', 'N', 'C#C', '[CH2]'), logSize(1500)).map(([unit, n]) => unit.repeat(n));

const deepBranches = fc
  .tuple(logSize(400), fc.constantFrom('C(', 'C(C', 'N(', 'c1ccc(', '(('), fc.boolean())
  .map(([depth, open, balanced]) => `C${open.repeat(depth)}C${balanced ? ')'.repeat(depth * (open.split('(').length - 1)) : ''}`);

const ringLabel = fc.oneof(
  fc.integer({ min: 0, max: 9 }).map(String),
  fc.integer({ min: 10, max: 99 }).map((n) => `%${n}`),
  fc.integer({ min: 0, max: 99_999_999 }).map((n) => `%(${n})`),
);

const manyRingClosures = fc.oneof(
  fc.tuple(fc.constantFrom('C1CC1', 'C12CC1C2', 'c1ccccc1', 'C1CCCCC1'), logSize(400)).map(([unit, n]) => unit.repeat(n)),
  // Many rings open at once on one atom, closed later.
  logSize(300).map((n) => {
    const labels = Array.from({ length: n }, (_, i) => `%(${i + 10})`);
    return `C${labels.join('')}${'C'.repeat(3)}${labels.map((label) => `C${label}`).join('')}`;
  }),
);

const hugeRingNumbers = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.constantFrom('C', 'c', 'N')).map(([n, atom]) => `${atom}%(${n})CCC%(${n})`);

const chargeOrIsotope = fc
  .tuple(
    fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 10_000_000 }).map(String)),
    fc.constantFrom('C', 'N', 'O', 'Fe', 'U', 'Xe', 'H', 'c', 'n', 'Og', 'Zz'),
    fc.oneof(fc.constant(''), fc.constantFrom('+', '-').chain((sign) => fc.integer({ min: 0, max: 300 }).map((n) => `${sign}${n}`)), fc.integer({ min: 1, max: 40 }).map((n) => '+'.repeat(n))),
    fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 99 }).map((n) => `H${n}`)),
    fc.oneof(fc.constant(''), fc.constantFrom('@', '@@', '@TH2', '@OH30', '@SP3')),
  )
  .chain(([isotope, element, charge, hydrogens, chirality]) =>
    logSize(200).map((n) => `[${isotope}${element}${chirality}${hydrogens}${charge}]`.repeat(n)),
  );

const longAromatic = fc.oneof(
  // One huge aromatic ring.
  logSize(800).map((n) => `c1${'c'.repeat(n)}1`),
  // Linear acenes: n fused benzene rings.
  logSize(200).map((n) => {
    let smiles = 'c1ccc2cc';
    for (let i = 0; i < n; i++) smiles += i % 2 === 0 ? 'c3cc' : 'c2cc';
    return `${smiles}cc${n % 2 === 0 ? '2' : '3'}c1`;
  }),
  // Biphenyl-like chains of rings.
  logSize(300).map((n) => 'c1ccc(cc1)'.repeat(n) + 'C'),
);

const tokenSoup = fc
  .array(fc.oneof(fc.constantFrom(...ELEMENTS), fc.constantFrom(...BONDS), ringLabel, fc.constantFrom('(', ')', '[', ']', '@', '+', '-', 'H', '%')), { maxLength: 300 })
  .map((tokens) => tokens.join(''));

/** Grows a plausible molecule: atoms with bonds and balanced branches, some ring closures. */
const plausible = fc
  .array(fc.tuple(fc.constantFrom(...ELEMENTS), fc.constantFrom(...BONDS), fc.integer({ min: 0, max: 9 })), { minLength: 1, maxLength: 400 })
  .map((atoms) => {
    let smiles = '';
    let depth = 0;
    const open = new Set<number>();
    for (const [element, bond, choice] of atoms) {
      smiles += (smiles ? bond.replace('.', '') : '') + element;
      if (choice === 1 && open.size < 9) {
        const label = [...Array(9).keys()].map((k) => k + 1).find((k) => !open.has(k))!;
        open.add(label);
        smiles += label;
      } else if (choice === 2 && open.size > 0) {
        const label = open.values().next().value!;
        open.delete(label);
        smiles += label;
      } else if (choice === 3) {
        smiles += '(';
        depth++;
      } else if (choice === 4 && depth > 0) {
        smiles += ')';
        depth--;
      }
    }
    return smiles + 'C'.repeat(open.size) + ')'.repeat(depth);
  });

const randomBytes = fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes).toString('latin1'));
const randomText = fc.string({ unit: 'binary', maxLength: 300 });

/** One adversarial SMILES. */
export const adversarialSmiles: fc.Arbitrary<string> = fc.oneof(
  longChain,
  deepBranches,
  manyRingClosures,
  hugeRingNumbers,
  chargeOrIsotope,
  longAromatic,
  tokenSoup,
  plausible,
  randomBytes,
  randomText,
);

/** A batch of adversarial SMILES, after which the toolkit's health is checked. */
export const adversarialBatch = (size: number): fc.Arbitrary<string[]> => fc.array(adversarialSmiles, { minLength: size, maxLength: size });

/**
 * How many batches a fuzz test runs and with which seed: a fixed seed and a CI-sized count by default;
 * `npm run fuzz` sets FUZZ_SCALE (a multiplier) and FUZZ_SEED (random unless given) for a longer run.
 */
export function fuzzSettings(batches: number): { numRuns: number; seed: number; report: boolean } {
  const scale = Number(process.env.FUZZ_SCALE ?? 1);
  const seed = Number(process.env.FUZZ_SEED ?? 20261125);
  return { numRuns: Math.max(1, Math.round(batches * (Number.isFinite(scale) && scale > 0 ? scale : 1))), seed, report: process.env.FUZZ_REPORT === '1' };
}

/**
 * The time a fuzz test may take: bound by the number of inputs, not by the clock, so the limit only
 * guards against a hang, and grows with FUZZ_SCALE.
 */
export function fuzzTimeoutMs(baseMs: number): number {
  const scale = Number(process.env.FUZZ_SCALE ?? 1);
  return Math.round(baseMs * (Number.isFinite(scale) && scale > 1 ? scale : 1));
}

/** Counts of what a fuzz run saw, printed by `npm run fuzz`. */
export class FuzzTally {
  private readonly outcomes = new Map<string, { count: number; example: string }>();
  private readonly extras = new Map<string, { count: number; example: string }>();

  /** The one outcome of an input. */
  add(outcome: string, input: string): void {
    count(this.outcomes, outcome, input);
  }

  /** Something more an input did (a 3D model built, say), counted apart from the outcomes. */
  note(event: string, input: string): void {
    count(this.extras, event, input);
  }

  get total(): number {
    let total = 0;
    for (const { count } of this.outcomes.values()) total += count;
    return total;
  }

  print(title: string, seed: number): void {
    const lines = (entries: Map<string, { count: number; example: string }>, prefix: string) =>
      [...entries.entries()].sort((a, b) => b[1].count - a[1].count).map(([what, { count, example }]) => `  ${String(count).padStart(7)}  ${prefix}${what}   e.g. ${example}`);
    process.stdout.write(`\n${title}: ${this.total} inputs, seed ${seed}\n${[...lines(this.outcomes, ''), ...lines(this.extras, 'also: ')].join('\n')}\n`);
  }
}

function count(entries: Map<string, { count: number; example: string }>, what: string, input: string): void {
  const entry = entries.get(what);
  if (entry) entry.count++;
  else entries.set(what, { count: 1, example: input.length > 60 ? `${JSON.stringify(input.slice(0, 57))}... (${input.length} chars)` : JSON.stringify(input) });
}
