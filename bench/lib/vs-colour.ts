// Pharmacophore "colour" of a 3D model for the virtual-screening benchmark: hydrogen-bond donors and
// acceptors, cations, anions and aromatic rings as points, compared at the best-shape pose by a Gaussian
// overlap per feature type, in the spirit of ROCS's colour force field (TanimotoCombo = shape + colour).
// Perceived from the molecular graph of the charge state the model is built from (the pH 7.4 form), with
// rules written from the textbook definitions of each feature, not from any program's feature tables.
import type { MolGraph } from '@molsearch/chem';

export const COLOUR_TYPES = ['donor', 'acceptor', 'cation', 'anion', 'ring'] as const;

/** A feature: its type (index into COLOUR_TYPES) and the model sites whose centroid places it. */
export interface ColourFeature {
  type: number;
  sites: number[];
}

/**
 * Width of a feature: each is a Gaussian of σ = 1 Å, so two features of one type overlap as
 * exp(−d² / 4σ²), 1 at the same point and 0.37 at 2 Å.
 */
const SIGMA = 1;
const OVERLAP_SCALE = 1 / (4 * SIGMA * SIGMA);

const N = 7;
const O = 8;

interface AtomView {
  z: number;
  charge: number;
  hydrogens: number;
  aromatic: boolean;
  heavy: number[];
  /** Bond order to each heavy neighbour, in `heavy`'s order. */
  orders: number[];
}

function atomViews(graph: MolGraph): AtomView[] {
  const views: AtomView[] = graph.atoms.map((atom) => ({ z: atom.atomicNumber, charge: atom.formalCharge, hydrogens: atom.implicitHs, aromatic: atom.aromatic, heavy: [], orders: [] }));
  for (const bond of graph.bonds) {
    const a = views[bond.a]!;
    const b = views[bond.b]!;
    if (b.z === 1) a.hydrogens++;
    else {
      a.heavy.push(bond.b);
      a.orders.push(bond.order);
    }
    if (a.z === 1) b.hydrogens++;
    else {
      b.heavy.push(bond.a);
      b.orders.push(bond.order);
    }
  }
  return views;
}

/** A carbon, sulfur or phosphorus doubly bonded to an oxygen, or an aromatic atom: what delocalises a neighbouring nitrogen's lone pair. */
function withdrawing(views: AtomView[], index: number): boolean {
  const atom = views[index]!;
  if (atom.aromatic) return true;
  return atom.heavy.some((other, k) => atom.orders[k] === 2 && (views[other]!.z === O || views[other]!.z === N || views[other]!.z === 16));
}

function isAcceptor(views: AtomView[], index: number): boolean {
  const atom = views[index]!;
  if (atom.charge > 0) return false;
  if (atom.z === O) return !atom.aromatic;
  if (atom.z !== N || atom.hydrogens > 0 || atom.charge !== 0) return false;
  // Pyridine-like aromatic nitrogen, nitrile, imine: a lone pair in the plane.
  if (atom.aromatic) return atom.heavy.length === 2;
  if (atom.orders.some((order) => order >= 2)) return true;
  // A trialkyl amine left neutral at pH 7.4 keeps its lone pair; amides, anilines and sulfonamides do not.
  return !atom.heavy.some((other) => withdrawing(views, other));
}

/** Where a charged group's feature sits: the central atom of carboxylates, sulfonates, phosphates, amidinium and guanidinium, else the charged atom. */
function chargeCentre(views: AtomView[], index: number): number {
  const atom = views[index]!;
  for (const other of atom.heavy) {
    const centre = views[other]!;
    const partners = centre.heavy.filter((k) => k !== index && views[k]!.z === atom.z).length;
    if (partners > 0 && centre.z !== atom.z) return other;
  }
  return index;
}

/** The colour features of a molecule, sites numbered as in its 3D model (heavy atoms in graph order first). */
export function colourFeatures(graph: MolGraph): ColourFeature[] {
  const views = atomViews(graph);
  const site = new Int32Array(views.length).fill(-1);
  let heavy = 0;
  views.forEach((atom, index) => {
    if (atom.z !== 1) site[index] = heavy++;
  });
  const features: ColourFeature[] = [];
  const seen = new Set<string>();
  const add = (type: number, atoms: number[]): void => {
    const sites = atoms.map((a) => site[a]!).sort((a, b) => a - b);
    const key = `${type}:${sites.join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    features.push({ type, sites });
  };
  views.forEach((atom, index) => {
    if (atom.z === 1) return;
    const opposite = atom.heavy.some((other) => Math.sign(views[other]!.charge) === -Math.sign(atom.charge) && atom.charge !== 0);
    if ((atom.z === N || atom.z === O) && atom.hydrogens > 0) add(0, [index]);
    if (isAcceptor(views, index)) add(1, [index]);
    // Nitro groups and N-oxides carry formal charges that cancel on neighbouring atoms: not ions.
    if (atom.charge > 0 && !opposite) add(2, [chargeCentre(views, index)]);
    if (atom.charge < 0 && !opposite) add(3, [chargeCentre(views, index)]);
  });
  for (const ring of graph.rings) if (ring.every((a) => views[a]!.aromatic)) add(4, ring);
  return features;
}

/** Feature positions of one conformer (site coordinates `coords`), x, y, z each. */
export function featurePoints(features: readonly ColourFeature[], coords: Float64Array): Float64Array {
  const out = new Float64Array(3 * features.length);
  features.forEach((feature, f) => {
    for (const s of feature.sites) for (let k = 0; k < 3; k++) out[3 * f + k] = out[3 * f + k]! + coords[3 * s + k]! / feature.sites.length;
  });
  return out;
}

function overlap(a: readonly ColourFeature[], pa: Float64Array, b: readonly ColourFeature[], pb: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      if (a[i]!.type !== b[j]!.type) continue;
      const dx = pa[3 * i]! - pb[3 * j]!, dy = pa[3 * i + 1]! - pb[3 * j + 1]!, dz = pa[3 * i + 2]! - pb[3 * j + 2]!;
      sum += Math.exp(-(dx * dx + dy * dy + dz * dz) * OVERLAP_SCALE);
    }
  }
  return sum;
}

/** Colour Tanimoto O_AB / (O_AA + O_BB − O_AB) of two placed feature sets; 0 when neither has features. */
export function colourTanimoto(a: readonly ColourFeature[], pa: Float64Array, b: readonly ColourFeature[], pb: Float64Array): number {
  const ab = overlap(a, pa, b, pb);
  const denominator = overlap(a, pa, a, pa) + overlap(b, pb, b, pb) - ab;
  return denominator > 0 ? ab / denominator : 0;
}

/** Features as bytes for the benchmark's cache: count, then type, site count and sites (u16) of each. */
export function encodeFeatures(features: readonly ColourFeature[]): Uint8Array {
  const bytes: number[] = [features.length & 0xff, features.length >> 8];
  for (const f of features) {
    bytes.push(f.type, f.sites.length);
    for (const s of f.sites) bytes.push(s & 0xff, s >> 8);
  }
  return Uint8Array.from(bytes);
}

export function decodeFeatures(bytes: Uint8Array): ColourFeature[] {
  if (bytes.length < 2) return [];
  const count = bytes[0]! | (bytes[1]! << 8);
  const features: ColourFeature[] = [];
  let at = 2;
  for (let f = 0; f < count; f++) {
    const type = bytes[at++]!;
    const n = bytes[at++]!;
    const sites: number[] = [];
    for (let k = 0; k < n; k++, at += 2) sites.push(bytes[at]! | (bytes[at + 1]! << 8));
    features.push({ type, sites });
  }
  return features;
}
