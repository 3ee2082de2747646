// Worker thread of the virtual-screening benchmark: prepares molecules, holds one catalogue's decoded
// models, and scores queries against them.
import { loadRDKit } from '@molsearch/chem';
import { serveBenchTasks } from './bench-worker.ts';
import { prepareMolecule } from './vs-preparation.ts';
import type { ConformerSettings, PreparedMolecule } from './vs-preparation.ts';
import { decodeMolecule, scoreAgainst } from './vs-scoring.ts';
import type { DecodedMolecule } from './vs-scoring.ts';

export type VsRequest =
  | { kind: 'prepare'; smiles: string[]; settings: ConformerSettings }
  | { kind: 'load'; molecules: (PreparedMolecule | null)[] }
  | { kind: 'score'; query: PreparedMolecule };

let catalogue: (DecodedMolecule | undefined)[] = [];

await loadRDKit();
serveBenchTasks<VsRequest, (PreparedMolecule | null)[] | Float32Array | null>((request) => {
  switch (request.kind) {
    case 'prepare':
      return request.smiles.map((smiles) => prepareMolecule(smiles, request.settings) ?? null);
    case 'load':
      catalogue = request.molecules.map((m) => (m ? decodeMolecule(m) : undefined));
      return null;
    case 'score':
      return scoreAgainst(decodeMolecule(request.query), catalogue);
  }
});
