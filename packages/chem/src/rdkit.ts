import { createRequire } from 'node:module';
import type { MainModule, Mol } from '@rdkit/rdkit';

// The package is CommonJS with an ES-style declaration file; requiring it gives the factory itself.
const initRDKitModule = createRequire(import.meta.url)('@rdkit/rdkit') as () => Promise<MainModule>;

export type RDKit = MainModule;
export type RDKitMol = Mol;

let loading: Promise<RDKit> | undefined;
let loaded: RDKit | undefined;

/** Loads the RDKit WebAssembly module once per process (or worker); later calls share it. */
export function loadRDKit(): Promise<RDKit> {
  loading ??= initRDKitModule().then((module: RDKit) => {
    // RDKit writes parse errors to stderr; we report them through our own messages instead.
    module.disable_logging();
    loaded = module;
    return module;
  });
  return loading;
}

/** The loaded module; callers on hot paths use this after awaiting `loadRDKit()` once. */
export function rdkit(): RDKit {
  if (!loaded) throw new Error('RDKit is not loaded yet: await loadRDKit() first.');
  return loaded;
}

/**
 * Parses `input` and hands the molecule to `use`, always freeing it afterwards: RDKit objects live
 * on the WebAssembly heap and leak (about 20 KB per molecule) unless deleted.
 * Returns undefined when RDKit cannot parse the input.
 */
export function withMol<T>(input: string, use: (mol: RDKitMol) => T, details?: Record<string, unknown>): T | undefined {
  const module = rdkit();
  let mol: RDKitMol | null;
  try {
    mol = details ? module.get_mol(input, JSON.stringify(details)) : module.get_mol(input);
  } catch {
    // A WebAssembly exception on hostile input means the same to callers as a null: not a molecule.
    return undefined;
  }
  if (!mol) return undefined;
  try {
    if (!mol.is_valid()) return undefined;
    return use(mol);
  } finally {
    mol.delete();
  }
}
