import {
  CHEMISTRY_MESSAGES,
  ChemistryError,
  DEFAULT_MOLECULE_LIMITS,
  MAX_SMILES_LENGTH,
  SMILES_MESSAGES,
  computeProperties,
  depictSvg,
  loadRDKit,
  morganFingerprint,
  rdkitHealth,
  score,
  setMoleculeLimits,
  standardizeSmiles,
  validateSmiles,
  withMol,
} from '@molsearch/chem';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shapeFeatures } from '../../packages/engine/src/features/shape-features.ts';
import { FuzzTally, adversarialBatch, fuzzSettings, fuzzTimeoutMs } from './adversarial-smiles.ts';

// The chemistry the server's own thread runs (validate, depict, standardise, fingerprint, properties) and
// the 3D pipeline that import workers run, fed adversarial SMILES in this process; after every batch a
// trivial molecule must still come out exactly as before.

const KNOWN_MESSAGES = new Set<string>(Object.values(SMILES_MESSAGES));
/** Small 3D settings: the pipeline's code paths at a fraction of an import's cost. */
const SMALL_SHAPE = { conformers: 2, seed: 7, timeBudgetMs: 200 };

interface Reference {
  fingerprint: Uint8Array;
  svg: string;
  properties: string;
  selfShape: number;
}

async function ethanol(): Promise<Reference> {
  await loadRDKit();
  const features = shapeFeatures('CCO', SMALL_SHAPE)!;
  return {
    fingerprint: withMol('CCO', morganFingerprint)!,
    svg: depictSvg('CCO')!,
    properties: JSON.stringify(computeProperties('CCO')),
    selfShape: score(features.model, features.model, 'espsim_shape').similarity,
  };
}

/** Runs `step`; a molecule the toolkit refused is a valid answer, any other error fails the test. */
function refusedOr<T>(step: () => T): T | 'refused' {
  try {
    return step();
  } catch (error) {
    if (error instanceof ChemistryError && error.code === 'MOLECULE_TOO_COMPLEX') return 'refused';
    throw error;
  }
}

async function exercise(input: string, tally: FuzzTally): Promise<void> {
  await loadRDKit();
  const faultsBefore = rdkitHealth().faults;
  const validation = validateSmiles(input);
  if (!validation.ok) {
    expect(KNOWN_MESSAGES.has(validation.message) || validation.message.startsWith(CHEMISTRY_MESSAGES.tooComplex), validation.message).toBe(true);
  }
  // The drawing route trims and bounds the text, then draws without validating first.
  const drawn = input.trim().length > 0 && input.length <= MAX_SMILES_LENGTH ? refusedOr(() => depictSvg(input.trim())) : undefined;
  if (typeof drawn === 'string' && drawn !== 'refused') expect(drawn).toMatch(/^<svg/);
  let built3d = false;
  if (validation.ok) {
    await loadRDKit();
    const standard = refusedOr(() => standardizeSmiles(validation.smiles));
    if (standard && standard !== 'refused') {
      await loadRDKit();
      const fingerprint = refusedOr(() => withMol(standard.smiles, morganFingerprint));
      if (fingerprint instanceof Uint8Array) expect(fingerprint.length).toBe(256);
      await loadRDKit();
      refusedOr(() => computeProperties(standard.smiles));
      await loadRDKit();
      const features = refusedOr(() => shapeFeatures(standard.smiles, SMALL_SHAPE));
      if (features && features !== 'refused') {
        const self = score(features.model, features.model, 'espsim_shape').similarity;
        expect(self, standard.smiles).toBeGreaterThan(0.99);
        built3d = true;
      }
    }
  }
  const faulted = rdkitHealth().faults > faultsBefore;
  tally.add(faulted ? 'broke the toolkit: refused, toolkit replaced' : outcomeOf(validation, drawn), input);
  if (built3d) tally.note('3D model built and self-scored', input);
}

function outcomeOf(validation: ReturnType<typeof validateSmiles>, drawn: unknown): string {
  if (validation.ok) return drawn === 'refused' ? 'valid, drawing refused' : 'valid: drawn, fingerprinted, properties';
  return validation.message.startsWith(CHEMISTRY_MESSAGES.tooComplex) ? validation.message.replace(/: \d+ /, ': N ').replace(/\d+\)$/, 'limit)') : validation.message;
}

async function expectStillSound(reference: Reference): Promise<void> {
  await loadRDKit();
  expect(rdkitHealth().state).toBe('ready');
  expect(validateSmiles('CCO')).toEqual({ ok: true, smiles: 'CCO' });
  expect(standardizeSmiles('OCC')?.smiles).toBe('CCO');
  expect(withMol('CCO', morganFingerprint)).toEqual(reference.fingerprint);
  expect(depictSvg('CCO')).toBe(reference.svg);
  expect(JSON.stringify(computeProperties('CCO'))).toBe(reference.properties);
  const features = shapeFeatures('CCO', SMALL_SHAPE)!;
  expect(score(features.model, features.model, 'espsim_shape').similarity).toBeCloseTo(reference.selfShape, 10);
}

describe('chemistry under adversarial SMILES, in the server and import processes', () => {
  let reference: Reference;
  beforeAll(async () => {
    reference = await ethanol();
  });
  afterEach(() => setMoleculeLimits(DEFAULT_MOLECULE_LIMITS));

  it('answers every input with a result or a clear refusal, and CCO is unchanged after every batch', async () => {
    const settings = fuzzSettings(120);
    const tally = new FuzzTally();
    await fc.assert(
      fc.asyncProperty(adversarialBatch(25), async (batch) => {
        for (const input of batch) await exercise(input, tally);
        await expectStillSound(reference);
      }),
      { numRuns: settings.numRuns, seed: settings.seed, endOnFailure: true },
    );
    if (settings.report) tally.print('chemistry, default limits', settings.seed);
    expect(tally.total).toBeGreaterThanOrEqual(settings.numRuns * 25);
  }, fuzzTimeoutMs(300_000));

  it('recovers from molecules that break the toolkit when the limits are raised past what it survives', async () => {
    setMoleculeLimits({ heavyAtoms: 3000, ringClosures: 3000, branchDepth: 3000 });
    const settings = fuzzSettings(15);
    const tally = new FuzzTally();
    const faultsBefore = rdkitHealth().faults;
    // Parsing a straight chain of 900 atoms or more traps RDKit's WebAssembly build (out-of-bounds access).
    const breaking = fc.integer({ min: 900, max: 1500 }).map((n) => 'C'.repeat(n));
    await fc.assert(
      fc.asyncProperty(breaking, async (trap) => {
        await loadRDKit();
        const faults = rdkitHealth().faults;
        expect(validateSmiles(trap)).toEqual({ ok: false, message: CHEMISTRY_MESSAGES.tooComplex });
        expect(rdkitHealth().faults).toBe(faults + 1);
        tally.add('broke the toolkit: refused, toolkit replaced', trap);
        await expectStillSound(reference);
      }),
      { numRuns: settings.numRuns, seed: settings.seed, endOnFailure: true },
    );
    if (settings.report) tally.print('chemistry, raised limits', settings.seed);
    expect(rdkitHealth().faults - faultsBefore).toBeGreaterThanOrEqual(settings.numRuns);
  }, fuzzTimeoutMs(300_000));
});
