import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphFromRDKitJson, hydrogenatedGraph } from './mol-graph.ts';
import type { GraphAtom, MolGraph } from './mol-graph.ts';
import { loadRDKit, withMol } from './rdkit.ts';

function reference<T>(file: string): T {
  return JSON.parse(gunzipSync(readFileSync(new URL(`../test-data/${file}`, import.meta.url))).toString('utf8')) as T;
}

const stereo = reference<{ molecules: { smiles: string }[] }>('rdkit-conformers-stereo.json.gz').molecules;
const gasteiger = reference<{ molecules: { smiles: string; atomicNumbers: number[] }[] }>('rdkit-gasteiger.json.gz').molecules;

/** The same molecule through RDKit's own AddHs: the molblock it writes, read back with its hydrogens. */
function viaAddHs(smiles: string): MolGraph | undefined {
  const molblock = withMol(smiles, (mol) => mol.add_hs());
  return molblock === undefined ? undefined : withMol(molblock, (mol) => graphFromRDKitJson(mol.get_json()), { removeHs: false });
}

function withoutStereo(atom: GraphAtom): Omit<GraphAtom, 'stereo'> {
  const { stereo: _stereo, ...rest } = atom;
  return rest;
}

/** Bonds as the 3D code reads them: unordered atom pairs; Kekulé orders of aromatic bonds may differ. */
function bondKeys(graph: MolGraph): string[] {
  return graph.bonds.map((b) => {
    const stereo = b.stereo === 'cis' || b.stereo === 'trans' ? `${b.stereo}:${b.stereoAtoms.join(',')}` : '';
    return `${Math.min(b.a, b.b)}-${Math.max(b.a, b.b)}:${b.aromatic ? 'ar' : b.order}:${stereo}`;
  });
}

describe('hydrogenatedGraph', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('places hydrogens as RDKit AddHs does, with the same parity tags', () => {
    const smiles = [...stereo.map((m) => m.smiles), ...gasteiger.slice(0, 100).map((m) => m.smiles)];
    for (const s of smiles) {
      const ours = hydrogenatedGraph(s);
      const rdkit = viaAddHs(s);
      expect(ours, s).toBeDefined();
      expect(ours!.atoms.map(withoutStereo), s).toEqual(rdkit!.atoms.map(withoutStereo));
      // The molblock round trip can drop a centre's tag (Python's AddHs keeps it, as we do); where both
      // have one, with the hydrogens at the same places, they must agree.
      ours!.atoms.forEach((atom, i) => {
        const theirs = rdkit!.atoms[i]!.stereo;
        if (theirs !== 'unspecified') expect(atom.stereo, `${s} atom ${i}`).toBe(theirs);
      });
      expect(bondKeys(ours!), s).toEqual(bondKeys(rdkit!));
      expect(ours!.rings, s).toEqual(rdkit!.rings);
    }
  });

  it('gives the atom order of RDKit AddHs in Python', () => {
    for (const molecule of gasteiger) {
      expect(hydrogenatedGraph(molecule.smiles)!.atoms.map((a) => a.atomicNumber), molecule.smiles).toEqual(molecule.atomicNumbers);
    }
  });

  it('returns undefined for SMILES RDKit cannot read', () => {
    expect(hydrogenatedGraph('C1CC(')).toBeUndefined();
  });
});
