import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from './rdkit.ts';
import { depictSvg } from './depiction.ts';

beforeAll(async () => {
  await loadRDKit();
});

describe('depictSvg', () => {
  it('draws an SVG element of the requested size without a background', () => {
    const svg = depictSvg('CC(=O)Oc1ccccc1C(=O)O', { width: 300, height: 200 });
    expect(svg).toBeDefined();
    expect(svg?.startsWith('<svg')).toBe(true);
    expect(svg?.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain("width='300px'");
    expect(svg).toContain("height='200px'");
    expect(svg).not.toContain('<?xml');
    expect(svg).not.toContain('fill:#FFFFFF');
    expect(svg).toContain('<path');
  });

  it('uses a default size', () => {
    expect(depictSvg('c1ccccc1')).toMatch(/^<svg[^>]*width='\d+px'/);
  });

  it('returns undefined for a SMILES RDKit cannot parse', () => {
    expect(depictSvg('C1CC')).toBeUndefined();
    expect(depictSvg('')).toBeUndefined();
  });

  it('rejects a size that is not positive', () => {
    expect(() => depictSvg('CCO', { width: 0 })).toThrow(/positive/);
  });
});
