import { withMol } from './rdkit.ts';

export interface DepictionOptions {
  width?: number;
  height?: number;
}

const DEFAULT_WIDTH = 250;
const DEFAULT_HEIGHT = 200;

/**
 * 2D drawing of `smiles` as a standalone SVG with a transparent background, so it sits on any grid
 * cell or page colour. Returns undefined when RDKit cannot parse the SMILES.
 */
export function depictSvg(smiles: string, options: DepictionOptions = {}): string | undefined {
  const width = Math.round(options.width ?? DEFAULT_WIDTH);
  const height = Math.round(options.height ?? DEFAULT_HEIGHT);
  if (!(width > 0 && height > 0)) throw new RangeError(`Depiction size must be positive, got ${width}x${height}`);
  return withMol(smiles, (mol) => (mol.get_num_atoms() === 0 ? undefined : cleanSvg(mol.get_svg(width, height))));
}

/** Drops RDKit's XML prolog and white background rectangle, leaving an `<svg>` element to embed. */
function cleanSvg(svg: string): string {
  return svg
    .replace(/^<\?xml[^>]*\?>\s*/, '')
    .replace(/<!-- END OF HEADER -->\s*/, '')
    .replace(/<rect style='opacity:1\.0;fill:#FFFFFF;stroke:none'[^>]*>\s*<\/rect>\s*/, '')
    .trim();
}
