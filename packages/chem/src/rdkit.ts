import { createRequire } from 'node:module';
import type { MainModule, Mol } from '@rdkit/rdkit';
import { CHEMISTRY_MESSAGES, ChemistryError } from './chemistry-error.ts';
import { molblockSizeProblem, smilesSizeProblem } from './molecule-size.ts';

// The package is CommonJS with an ES-style declaration file; requiring it gives the factory itself.
const initRDKitModule = createRequire(import.meta.url)('@rdkit/rdkit') as () => Promise<MainModule>;

export type RDKit = MainModule;
export type RDKitMol = Mol;

/**
 * A trap inside the WebAssembly module (out-of-bounds access, abort, exhausted stack) leaves its heap and
 * stack pointer in an unknown state: every later call may fail or, worse, answer wrongly. Such a module is
 * retired at once and a fresh instance takes its place; a second instance costs about 20 MB and loads in
 * about 40 ms. After the first fault a spare is kept loaded, so later faults swap without a gap.
 */
let current: RDKit | undefined;
let loading: Promise<RDKit> | undefined;
let spare: RDKit | undefined;
let wantSpare = false;
let everLoaded = false;
let loadFailure: unknown;
let faults = 0;

export type RDKitState = 'not loaded' | 'ready' | 'replacing' | 'failed';

/** How this process's RDKit module stands, for health checks; `spare`: a replacement is loaded and waiting. */
export function rdkitHealth(): { state: RDKitState; faults: number; spare: boolean } {
  const state: RDKitState = current ? 'ready' : loadFailure !== undefined ? 'failed' : everLoaded ? 'replacing' : 'not loaded';
  return { state, faults, spare: spare !== undefined };
}

function instantiate(): Promise<RDKit> {
  return initRDKitModule().then((module: RDKit) => {
    // RDKit writes parse errors to stderr; we report them through our own messages instead.
    module.disable_logging();
    return module;
  });
}

/** Loads the RDKit WebAssembly module once per process (or worker); later calls share it. Resolves to a healthy module. */
export function loadRDKit(): Promise<RDKit> {
  if (current) return Promise.resolve(current);
  loading ??= instantiate().then(
    (module) => {
      current = module;
      everLoaded = true;
      loading = undefined;
      loadFailure = undefined;
      if (wantSpare) prepareSpare();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      loadFailure = error;
      throw error;
    },
  );
  return loading;
}

function prepareSpare(): void {
  if (spare) return;
  instantiate().then(
    (module) => (spare = module),
    // The next fault loads one the slow way instead.
    () => undefined,
  );
}

/** Takes `module` out of use after a fault and puts a fresh one in its place. */
function retire(module: RDKit): void {
  if (current !== module) return;
  faults++;
  wantSpare = true;
  current = spare;
  spare = undefined;
  if (current) prepareSpare();
  else void loadRDKit().catch(() => undefined);
}

/**
 * Checks the loaded module on a trivial molecule, for health checks: a module broken by a call that went
 * around `withMol` is retired here. Returns the state after the check.
 */
export function checkRDKit(): RDKitState {
  if (current && !stillWorks(current)) retire(current);
  return rdkitHealth().state;
}

/** The loaded module; callers on hot paths use this after awaiting `loadRDKit()` once. */
export function rdkit(): RDKit {
  if (current) return current;
  if (everLoaded) throw new ChemistryError('CHEMISTRY_UNAVAILABLE', CHEMISTRY_MESSAGES.unavailable);
  throw new Error('RDKit is not loaded yet: await loadRDKit() first.');
}

// Node 20 has WebAssembly.Exception; TypeScript's library does not declare it yet.
const WasmException = (WebAssembly as { Exception?: abstract new (...args: never[]) => unknown }).Exception;

/** Errors that only come from inside the WebAssembly module, after which its state cannot be trusted. */
function isModuleFault(error: unknown): boolean {
  return (
    error instanceof WebAssembly.RuntimeError ||
    (WasmException !== undefined && error instanceof WasmException) ||
    // Deep recursion in the module exhausts the JavaScript stack; the module's own stack pointer is left behind.
    error instanceof RangeError ||
    // C++ exceptions escape as bare pointers in builds without exception objects.
    typeof error === 'number'
  );
}

/** Whether `module` still parses and writes a trivial molecule correctly. */
function stillWorks(module: RDKit): boolean {
  try {
    const mol = module.get_mol('OCC');
    if (!mol) return false;
    try {
      return mol.get_smiles() === 'CCO';
    } finally {
      mol.delete();
    }
  } catch {
    return false;
  }
}

/**
 * Decides what a failure inside `withMol` means: a fault retires the module and becomes a "too complex"
 * answer for this molecule only; anything else is checked against a trivial molecule before the module
 * is trusted again.
 */
function afterFailure(module: RDKit, error: unknown): unknown {
  if (error instanceof ChemistryError) return error;
  if (isModuleFault(error) || !stillWorks(module)) {
    retire(module);
    return new ChemistryError('MOLECULE_TOO_COMPLEX', CHEMISTRY_MESSAGES.tooComplex, { cause: error });
  }
  return error;
}

/**
 * Parses `input` (a SMILES or a mol block) and hands the molecule to `use`, always freeing it afterwards:
 * RDKit objects live on the WebAssembly heap and leak (about 20 KB per molecule) unless deleted.
 * Returns undefined when RDKit cannot parse the input. Throws `ChemistryError` for input over the size
 * limits (before RDKit sees it) and for input that breaks the toolkit; the module is replaced then.
 */
export function withMol<T>(input: string, use: (mol: RDKitMol) => T, details?: Record<string, unknown>): T | undefined {
  const problem = input.includes('\n') ? molblockSizeProblem(input) : smilesSizeProblem(input);
  if (problem) throw new ChemistryError('MOLECULE_TOO_COMPLEX', problem);
  const module = rdkit();
  let mol: RDKitMol | null;
  try {
    mol = details ? module.get_mol(input, JSON.stringify(details)) : module.get_mol(input);
  } catch (error) {
    const failure = afterFailure(module, error);
    // A parser exception that left the module sound means the same to callers as a null: not a molecule.
    if (failure === error) return undefined;
    throw failure;
  }
  if (!mol) return undefined;
  let result: T | undefined;
  try {
    result = mol.is_valid() ? use(mol) : undefined;
  } catch (error) {
    freeAfterFailure(mol);
    throw afterFailure(module, error);
  }
  try {
    mol.delete();
  } catch (error) {
    throw afterFailure(module, error);
  }
  return result;
}

function freeAfterFailure(mol: RDKitMol): void {
  try {
    mol.delete();
  } catch {
    // The module is being judged (and retired if need be) by the caller; its memory goes with it.
  }
}
