import type { ElectrostaticForm, PartialChargeModel } from '@molsearch/chem';
import type { ManifestShape, Protonation } from '../format/catalogue-format.ts';

/** Which charge state and partial charges a 3D model is built from; every catalogue records its own. */
export interface ChargeModel {
  charges: PartialChargeModel;
  protonation: Protonation;
}

/**
 * What imports build now: the dominant form at pH 7.4 (chem's protonation rules) with MMFF94 partial
 * charges, the charge state and model a protein sees (issue 21; npm run bench -- vs compares them).
 */
export const CURRENT_CHARGE_MODEL: ChargeModel = { charges: 'mmff94', protonation: 'ph7.4' };

/** What a catalogue whose manifest names no model was built with: Gasteiger charges of the neutral form. */
export const LEGACY_CHARGE_MODEL: ChargeModel = { charges: 'gasteiger', protonation: 'neutral' };

/** The model a catalogue's 3D columns were built with, from its manifest (absent fields: the legacy model). */
export function catalogueChargeModel(shape: ManifestShape): ChargeModel {
  return { charges: shape.charges ?? LEGACY_CHARGE_MODEL.charges, protonation: shape.protonation ?? LEGACY_CHARGE_MODEL.protonation };
}

/** One key per distinct model: a search builds one query per key among the catalogues it spans. */
export function chargeModelKey(model: ChargeModel): string {
  return `${model.charges}/${model.protonation}`;
}

/**
 * How the electrostatic score is formed for a catalogue of this model. The legacy model keeps the score
 * its hits always had, ESPsim's Carbó index at the best-shape pose; every newer catalogue scores by the
 * mean of the shape Tanimoto and ESPsim's electrostatic Tanimoto (chem's ELECTROSTATIC_FORMS), which
 * ranked actives best (npm run bench -- vs) and, unlike Carbó, falls for a fragment a fraction of the
 * query's size.
 */
export function electrostaticFormFor(model: ChargeModel): ElectrostaticForm {
  return chargeModelKey(model) === chargeModelKey(LEGACY_CHARGE_MODEL) ? 'carbo' : 'shape_tanimoto';
}

/** A line for people: which model built a catalogue's 3D columns and how its electrostatic hits are scored. */
export function describeChargeModel(model: ChargeModel): string {
  const charges = model.charges === 'mmff94' ? 'MMFF94' : 'Gasteiger';
  const form = model.protonation === 'ph7.4' ? 'pH 7.4 form' : 'neutral form';
  const score = electrostaticFormFor(model) === 'carbo' ? 'Carbó electrostatic score' : 'electrostatic score = mean of shape and ESP Tanimoto';
  return `3D: ${charges} charges, ${form}, ${score}`;
}
