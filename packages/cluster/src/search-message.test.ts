import { describe, expect, it } from 'vitest';
import { prepareQuery } from '@molsearch/engine';
import { decodeSearchReply, decodeSearchRequest, encodeSearchReply, encodeSearchRequest } from './search-message.ts';

describe('part search messages', () => {
  it('carry a prepared 3D and Morgan query exactly, float64 coordinates and charges included', { timeout: 120_000 }, async () => {
    const query = await prepareQuery('CC(=O)Nc1ccc(O)cc1', 'consensus', [{ conformers: 3, seed: 42, timeBudgetMs: 2000, charges: 'mmff94', protonation: 'ph7.4' }], 1);
    // Through a Node Buffer at an odd offset, as a NATS message may arrive.
    const bytes = encodeSearchRequest({ method: 'consensus', quality: 'fast', limit: 30, threshold: 0.1, filters: { lipinski: true }, query });
    const arrived = Buffer.concat([Buffer.from([7]), bytes]).subarray(1);
    const decoded = decodeSearchRequest(arrived);
    expect(decoded).toMatchObject({ method: 'consensus', quality: 'fast', limit: 30, threshold: 0.1, filters: { lipinski: true } });
    expect(decoded.query.smiles).toBe(query.smiles);
    expect(decoded.query.morgan!.fingerprint).toEqual(query.morgan!.fingerprint);
    const [key, shape] = [...query.shape][0]!;
    const got = decoded.query.shape.get(key)!;
    expect(got.chargeModel).toEqual(shape.chargeModel);
    expect(Array.from(got.model.charges)).toEqual(Array.from(shape.model.charges));
    expect(got.model.conformers.map((c) => Array.from(c))).toEqual(shape.model.conformers.map((c) => Array.from(c)));
    expect(Array.from(got.model.atomicNumbers)).toEqual(Array.from(shape.model.atomicNumbers));
  });

  it('carry hits and errors back', () => {
    const hits = { rows: Uint32Array.from([5, 2]), similarities: Float64Array.from([0.9, 0.1 + 0.2]), components: { morgan: Float64Array.from([1, 2]), shape: Float64Array.from([3, 4]), electrostatic: Float64Array.from([5, 6]) } };
    const reply = decodeSearchReply(Buffer.concat([Buffer.from([1, 2, 3]), encodeSearchReply({ ok: true, hits, passing: 7 })]).subarray(3));
    expect(reply).toEqual({ ok: true, hits, passing: 7 });
    const reference = { form: 'shape_tanimoto' as const, keys: Float64Array.from([2 ** 52 + 1, 3]), morgan: Float64Array.from([0.25, 0.5]), shape: Float64Array.from([0.6, 0.7]), electrostatic: Float64Array.from([0.1, -0.2]) };
    expect(decodeSearchReply(encodeSearchReply({ ok: true, hits: { ...hits, reference } }))).toEqual({ ok: true, hits: { ...hits, reference } });
    expect(decodeSearchReply(encodeSearchReply({ ok: false, code: 'INVALID_SMILES', message: 'bad' }))).toEqual({ ok: false, code: 'INVALID_SMILES', message: 'bad' });
    expect(() => decodeSearchReply(Uint8Array.from([200, 0, 0, 0, 1]))).toThrow(/different versions/);
  });
});
