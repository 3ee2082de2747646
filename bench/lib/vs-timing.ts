// Microseconds per molecule of the pH 7.4 protonation and of each partial-charge model, on this thread,
// over real catalogue molecules (best of three passes, so the figure is the steady-state cost).
import { addHydrogenAtoms, graphFromRDKitJson, loadRDKit, partialCharges, protonateAtPh74, standardizeSmiles, withMol } from '@molsearch/chem';
import type { MolGraph } from '@molsearch/chem';

const PASSES = 3;

export async function stepTimings(smiles: string[]): Promise<void> {
  await loadRDKit();
  const parsed = smiles
    .map((s) => standardizeSmiles(s)?.smiles)
    .map((s) => (s ? withMol(s, (mol) => graphFromRDKitJson(mol.get_json())) : undefined))
    .filter((g): g is MolGraph => g !== undefined);
  const charged = parsed.map((g) => {
    const { graph } = protonateAtPh74(g);
    return addHydrogenAtoms({ atoms: graph.atoms.map((a) => ({ ...a })), bonds: [...graph.bonds], rings: graph.rings });
  });
  const best = (work: () => void): number => {
    let fastest = Infinity;
    for (let pass = 0; pass < PASSES; pass++) {
      const started = performance.now();
      work();
      fastest = Math.min(fastest, performance.now() - started);
    }
    return (fastest * 1000) / parsed.length;
  };
  const protonation = best(() => parsed.forEach((g) => protonateAtPh74(g)));
  const gasteiger = best(() => charged.forEach((g) => partialCharges(g, 'gasteiger')));
  const mmff = best(() => charged.forEach((g) => partialCharges(g, 'mmff94')));
  const atoms = charged.reduce((sum, g) => sum + g.atoms.length, 0) / charged.length;
  console.log(`${parsed.length} catalogue molecules (${atoms.toFixed(0)} atoms with hydrogens on average), one thread, best of ${PASSES} passes:`);
  console.log(`  protonation at pH 7.4 (on the parsed graph) ${protonation.toFixed(1)} µs per molecule`);
  console.log(`  Gasteiger charges ${gasteiger.toFixed(1)} µs, MMFF94 typing + charges ${mmff.toFixed(1)} µs per molecule`);
}
