import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { chosenConformers } from './chosen-conformers.ts';
import { fragmentEmbedder } from './fragment-embedder.ts';
import type { FragmentEmbedder } from './fragment-embedder.ts';
import { buildTopology } from './topology.ts';

/** The embedder of `smiles` with every polish's start recorded. */
function recordingEmbedder(smiles: string): { embedder: FragmentEmbedder; starts: Float64Array[] } {
  const embedder = fragmentEmbedder(buildTopology(hydrogenatedGraph(smiles)!), 42, 4)!;
  const starts: Float64Array[] = [];
  const polish = embedder.polish;
  embedder.polish = (x, deadline) => {
    starts.push(x.slice());
    return polish(x, deadline);
  };
  return { embedder, starts };
}

/** The skeleton's atoms as the conformer lists them (hydrogens are placed after). */
function skeletonOf(conformer: Float64Array, embedder: FragmentEmbedder): Float64Array {
  const { size, toGraph } = embedder.topology;
  const skeleton = new Float64Array(3 * size);
  for (let s = 0; s < size; s++) skeleton.set(conformer.subarray(3 * toGraph[s]!, 3 * toGraph[s]! + 3), 3 * s);
  return skeleton;
}

describe('chosenConformers', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('polishes a rigid molecule once: its identical assemblies would only polish to the same conformer again', () => {
    const { embedder, starts } = recordingEmbedder('Cc1ccc2ncccc2c1');
    const assemblies = [0, 1, 2].map((attempt) => embedder.assemble(attempt, Infinity).coordinates);
    expect(assemblies[1]).toEqual(assemblies[0]);
    const set = chosenConformers(embedder, 3, Infinity);
    expect(starts).toHaveLength(1);
    expect(set.conformers).toHaveLength(1);
    const polished = assemblies[0]!.slice();
    embedder.polish(polished, Infinity);
    expect(skeletonOf(set.conformers[0]!, embedder)).toEqual(polished);
  });

  it('polishes each distinct assembly of a flexible molecule, never one start twice', () => {
    const { embedder, starts } = recordingEmbedder('O=C(NC1CCN(Cc2ccccc2)CC1)c1ccc(F)cc1');
    const set = chosenConformers(embedder, 3, Infinity);
    expect(set.conformers).toHaveLength(3);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < starts.length; i++) for (let j = 0; j < i; j++) expect(starts[i]).not.toEqual(starts[j]);
  });
});
