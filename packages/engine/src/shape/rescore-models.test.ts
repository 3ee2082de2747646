import { beforeAll, describe, expect, it } from 'vitest';
import { decodeModel, loadRDKit, score } from '@molsearch/chem';
import type { ScoreMethod } from '@molsearch/chem';
import { CATALOGUE_SHAPE, encodedShapeModel } from '../features/shape-features.ts';
import { packBytes } from '../format/packed-bytes.ts';
import { scoreModels } from './rescore-models.ts';
import { shapeQuery } from './shape-query.ts';
import type { ShapeQuery } from './shape-query.ts';

// Large, small and large again, and an empty model between them: the worker decodes every candidate into the
// same scratch, which grows for the first and is reused, partly, by the next.
const CANDIDATES = ['CC(C)Cc1ccc(cc1)C(C)C(=O)NCCN1CCOCC1', 'CCO', '', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'O=C(O)c1ccccc1OC(C)=O', 'CCCCCCCCCCCCCCCCO'];

let query: ShapeQuery;
let models: Uint8Array[];

beforeAll(async () => {
  await loadRDKit();
  query = await shapeQuery('CC(=O)Nc1ccc(O)cc1');
  models = CANDIDATES.map((smiles) => (smiles ? encodedShapeModel(smiles, CATALOGUE_SHAPE) : new Uint8Array(0)));
});

describe('a re-scoring worker', () => {
  it.each<ScoreMethod>(['espsim_shape', 'espsim_electrostatic'])('scores a chunk of %s candidates as each scored alone from its own decoded model', (method) => {
    const { bytes, offsets } = packBytes(models);
    const form = 'shape_tanimoto';
    const result = scoreModels({ kind: 'score', query: query.model, queryKey: `test-${method}`, method, form, models: bytes, offsets, components: true });
    models.forEach((model, i) => {
      if (model.length === 0) {
        expect(result.similarities[i]).toBeNaN();
        return;
      }
      const alone = score(query.model, decodeModel(model), method, { electrostaticForm: form, withElectrostatic: true });
      expect(result.similarities[i]).toBe(alone.similarity);
      expect(result.shape![i]).toBe(alone.shape);
      expect(result.electrostatic![i]).toBe(alone.electrostatic);
    });
    expect(Math.max(...result.similarities.filter((s) => !Number.isNaN(s)))).toBeGreaterThan(0.4);
  });
});
