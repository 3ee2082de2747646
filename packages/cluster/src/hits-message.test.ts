import { describe, expect, it } from 'vitest';
import { prepareQuery } from '@molsearch/engine';
import { decodeHitsReply, decodeHitsRequest, encodeHitsReply, encodeHitsRequest } from './hits-message.ts';

describe('part hits messages', () => {
  it('carry each kind of request with its query exactly', { timeout: 120_000 }, async () => {
    const query = await prepareQuery('CC(=O)Nc1ccc(O)cc1', 'consensus', [{ conformers: 3, seed: 42, timeBudgetMs: 2000, charges: 'mmff94', protonation: 'ph7.4' }], 1);
    for (const request of [
      { kind: 'scores' as const, rows: [4, 0, 9], query },
      { kind: 'pose' as const, row: 3, titles: { query: 'q', hit: 'h' }, query },
      { kind: 'molblocks' as const, rows: [1, 2], titles: ['a', 'b'], method: 'espsim_electrostatic' as const, query },
    ]) {
      const decoded = decodeHitsRequest(Buffer.concat([Buffer.from([7]), encodeHitsRequest(request)]).subarray(1));
      const { query: got, ...rest } = decoded;
      expect(rest).toEqual(Object.fromEntries(Object.entries(request).filter(([key]) => key !== 'query')));
      expect(got.morgan!.fingerprint).toEqual(query.morgan!.fingerprint);
      expect([...got.shape.keys()]).toEqual([...query.shape.keys()]);
    }
  });

  it('carry scores, poses, molblocks and errors back', () => {
    const scores = { ok: true as const, kind: 'scores' as const, morgan: Float64Array.from([0.5, 0.1 + 0.2]), shape: Float64Array.from([0.7, Number.NaN]), electrostatic: Float64Array.from([0.6, 0.4]) };
    expect(decodeHitsReply(Buffer.concat([Buffer.from([1, 2, 3]), encodeHitsReply(scores)]).subarray(3))).toEqual(scores);
    const morganOnly = { ok: true as const, kind: 'scores' as const, morgan: Float64Array.from([1]), shape: null, electrostatic: null };
    expect(decodeHitsReply(encodeHitsReply(morganOnly))).toEqual(morganOnly);
    const molblocks = { ok: true as const, kind: 'molblocks' as const, molblocks: ['x\nM  END', null] };
    expect(decodeHitsReply(encodeHitsReply(molblocks))).toEqual(molblocks);
    expect(decodeHitsReply(encodeHitsReply({ ok: false, code: 'CATALOGUE_CORRUPT', message: 'damaged' }))).toEqual({ ok: false, code: 'CATALOGUE_CORRUPT', message: 'damaged' });
    expect(() => decodeHitsRequest(encodeHitsReply(molblocks))).toThrow(/different versions/);
  });
});
