import type { SearchMethod } from '@molsearch/engine/vocabulary';

/**
 * What each method's similarity is, in one paragraph: the API reference shows these under search_type
 * (the web app's method cards say the same at more length). A new method cannot be added without one.
 */
export const METHOD_DESCRIPTIONS: Record<SearchMethod, string> = {
  espsim_electrostatic:
    'Shape and charge distribution (ESPsim). Each candidate is aligned on the query for the best Gaussian shape overlap; at that pose the score is the mean of the ' +
    'shape Tanimoto and the electrostatic Tanimoto O_AB / (O_AA + O_BB − O_AB) of the two Coulomb potentials (Gaussian-approximated, from MMFF94 partial ' +
    'charges of the dominant form at pH 7.4), the latter renormalised to 0..1 as (T + 1/3) / (4/3). Both halves are size-sensitive: a fragment a fraction of ' +
    "the query's size scores low. Databases built before these charges (Gasteiger charges of the neutral form; /api/databases says which model built each) " +
    'are scored as before, by the Carbó index at the same pose renormalised as (C + 1) / 2, which ignores size.',
  espsim_shape:
    'Gaussian heavy-atom volume overlap Tanimoto V_AB / (V_AA + V_BB − V_AB) at the best alignment of the candidate on the query, 0..1; size-sensitive.',
  morgan: 'Tanimoto coefficient of Morgan fingerprints (radius 2, 2048 bits, identical to RDKit), exact over the whole database.',
  consensus:
    'Morgan, shape and electrostatic fused into one score. Each exact score is turned into its rarity p for this query in the searched database: the share of ' +
    '1,000 fixed random rows of that database (all rows of a smaller one) scoring at least as high, counted as (1 + c) / (n + 1), with an exponential tail ' +
    "fitted to the sample's top tenth beyond it. The charges enter by their own ESP score (the electrostatic score with its shape half taken out, so shape " +
    'does not count twice). L is the weighted mean of −log10 p, the 2D view as much as the 3D one: Morgan 1/2, shape 1/4, charges 1/4; the similarity ' +
    'is L / (1 + L): 0.5 when the rarities average 1 in 10, 0.75 at 1 in 1,000. A molecule rare by one score alone (a close analogue, or a scaffold hop ' +
    'with the same shape and charges) still ranks high. First-stage candidates come from all three methods; each hit also reports its three exact scores.',
};

/** The search_type parameter's description: every method and what its score is. */
export function searchTypeDescription(): string {
  return `Similarity method. ${Object.entries(METHOD_DESCRIPTIONS).map(([method, text]) => `${method}: ${text}`).join(' ')}`;
}
