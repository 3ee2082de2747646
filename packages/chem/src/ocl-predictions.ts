import type * as OpenChemLib from 'openchemlib';

export type ToxicityRisk = 'none' | 'low' | 'high' | 'unknown';

/** OpenChemLib's (OSIRIS) predictions for one molecule; a field is absent when it was not asked for. */
export interface OclPredictions {
  /** Predicted aqueous solubility, log10(mol/L). */
  logS: number;
  /** OSIRIS drug-likeness score (positive: fragments mostly seen in drugs); absent when OCL cannot assess it. */
  druglikeness?: number;
  mutagenic?: ToxicityRisk;
  tumorigenic?: ToxicityRisk;
  irritant?: ToxicityRisk;
  reproductiveEffective?: ToxicityRisk;
}

/**
 * Which predictions to compute. logS costs well under a millisecond; the toxicity risks and above all
 * drug-likeness run thousands of substructure searches per molecule (see `npm run bench -- chem`).
 */
export interface OclPredictionOptions {
  /** Default true. */
  druglikeness?: boolean;
  /** The four toxicity risks; default true. */
  toxicity?: boolean;
}

export interface OpenChemLibOptions {
  /**
   * OpenChemLib's `resources.json` (its content, parsed or as text) for the drug-likeness and toxicity
   * predictors. Without it the file is read from the installed package, which needs Node's file system.
   */
  resources?: string | Record<string, string>;
}

interface LoadedOpenChemLib {
  ocl: typeof OpenChemLib;
  druglikeness: OpenChemLib.DruglikenessPredictor;
  toxicity: OpenChemLib.ToxicityPredictor;
}

let loading: Promise<void> | undefined;
let loaded: LoadedOpenChemLib | undefined;

/**
 * Loads OpenChemLib and its predictor tables once. The library is large, so it is imported only by
 * callers that want its predictions.
 */
export function loadOpenChemLib(options: OpenChemLibOptions = {}): Promise<void> {
  loading ??= import('openchemlib').then((ocl) => {
    if (options.resources !== undefined) ocl.Resources.register(options.resources);
    else ocl.Resources.registerFromNodejs();
    loaded = { ocl, druglikeness: new ocl.DruglikenessPredictor(), toxicity: new ocl.ToxicityPredictor() };
  });
  return loading;
}

function openChemLib(): LoadedOpenChemLib {
  if (!loaded) throw new Error('OpenChemLib is not loaded yet: await loadOpenChemLib() first.');
  return loaded;
}

/**
 * Predicted logS, drug-likeness and the four OSIRIS toxicity risks of `smiles`.
 * Returns undefined when OpenChemLib cannot read the SMILES.
 */
export function predictOclProperties(smiles: string, options: OclPredictionOptions = {}): OclPredictions | undefined {
  const { ocl, druglikeness, toxicity } = openChemLib();
  let molecule: OpenChemLib.Molecule;
  try {
    molecule = ocl.Molecule.fromSmiles(smiles);
  } catch {
    return undefined;
  }
  if (molecule.getAllAtoms() === 0) return undefined;
  const predictions: OclPredictions = { logS: new ocl.MoleculeProperties(molecule).logS };
  if (options.druglikeness ?? true) {
    const score = druglikeness.assessDruglikeness(molecule);
    if (score !== ocl.DruglikenessPredictor.DRUGLIKENESS_UNKNOWN) predictions.druglikeness = score;
  }
  if (options.toxicity ?? true) {
    const { ToxicityPredictor } = ocl;
    const risk = (type: number): ToxicityRisk => toxicityRisk(ocl, toxicity.assessRisk(molecule, type));
    predictions.mutagenic = risk(ToxicityPredictor.TYPE_MUTAGENIC);
    predictions.tumorigenic = risk(ToxicityPredictor.TYPE_TUMORIGENIC);
    predictions.irritant = risk(ToxicityPredictor.TYPE_IRRITANT);
    predictions.reproductiveEffective = risk(ToxicityPredictor.TYPE_REPRODUCTIVE_EFFECTIVE);
  }
  return predictions;
}

function toxicityRisk(ocl: typeof OpenChemLib, value: number): ToxicityRisk {
  const { ToxicityPredictor } = ocl;
  if (value === ToxicityPredictor.RISK_NO) return 'none';
  if (value === ToxicityPredictor.RISK_LOW) return 'low';
  if (value === ToxicityPredictor.RISK_HIGH) return 'high';
  return 'unknown';
}
