import { STAGE1_INDEX_PROBE, STAGE2_CANDIDATES } from '@molsearch/engine/bench';
import { describe, expect, it } from 'vitest';
import { probeConformersByQuality, qualityHint, SEARCH_QUALITIES } from '../../apps/web/src/shared/search-options.ts';

// The web app cannot import the engine, so its quality help restates the engine's tables; this keeps them one.
describe("the quality help states the engine's numbers", () => {
  for (const quality of SEARCH_QUALITIES) {
    it(`gives ${quality.value}'s candidates scored exactly and its index probes`, () => {
      expect(quality.candidates).toEqual({
        shape: STAGE2_CANDIDATES.espsim_shape[quality.value],
        electrostatic: STAGE2_CANDIDATES.espsim_electrostatic[quality.value],
        consensus: STAGE2_CANDIDATES.consensus[quality.value],
      });
      const probe = STAGE1_INDEX_PROBE[quality.value];
      expect(quality.probe).toEqual({ conformers: probe.conformers, rows: probe.expansion, everyConformer: { conformers: probe.everyConformer!.conformers, vectors: probe.everyConformer!.expansion } });
      for (const method of ['espsim_shape', 'espsim_electrostatic', 'consensus'] as const) {
        expect(qualityHint(quality, method)).toBe(`${STAGE2_CANDIDATES[method][quality.value].toLocaleString('en-US')} candidates · ${probe.conformers} query conformers`);
      }
      expect(quality.details).toContain(`the best ${quality.candidates.shape.toLocaleString('en-US')} candidates`);
      expect(quality.details).toContain(`from ${probe.conformers} query conformers (${probe.everyConformer!.conformers} in databases of up to 2 million molecules`);
    });
  }

  it('lists the query conformers probed from Fast to Very Accurate, as the about page gives them', () => {
    const list = (count: (probe: (typeof STAGE1_INDEX_PROBE)['fast']) => number): string => {
      const [fast, accurate, veryAccurate] = (['fast', 'accurate', 'very_accurate'] as const).map((quality) => count(STAGE1_INDEX_PROBE[quality]));
      return `${fast}, ${accurate} or ${veryAccurate}`;
    };
    expect(probeConformersByQuality()).toEqual({ scanned: list((probe) => probe.everyConformer!.conformers), walked: list((probe) => probe.conformers) });
  });
});
