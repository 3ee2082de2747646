import type { Fragment } from './fragment-tree.ts';
import { attemptSeed } from './random.ts';
import { skeletonEmbedder } from './skeleton-embedder.ts';
import { subTopology } from './sub-topology.ts';
import type { Topology } from './topology.ts';
import { copyPoint } from '../geometry-types.ts';

/** Ring systems kept per thread; catalogues reuse a few thousand ring systems over and over. */
const CACHE_LIMIT = 4096;

/** A ring system with its first shell in canonical atom order, and the text that names it. */
export interface CanonicalRingSystem {
  key: string;
  /** `order[k]`: the skeleton atom at canonical place k. */
  order: number[];
}

/**
 * The canonical form of a ring system with its first shell: atoms ranked by what the embedding reads of
 * them (element, aromaticity, hybridisation, carbonyl; for ring atoms also degree, hydrogens and charge) refined
 * by their neighbours' ranks, ties broken one atom at a time, and the key spelling out every atom and bond
 * in that order. Two ring systems with the same key are the same labelled graph, so one's embedding serves
 * the other through their canonical orders. Undefined when stereo is specified inside (such systems are
 * embedded for their molecule alone).
 */
export function canonicalRingSystem(topology: Topology, fragment: Fragment): CanonicalRingSystem | undefined {
  const atoms = fragment.atoms;
  const place = new Map(atoms.map((atom, i) => [atom, i]));
  const inside = (atom: number) => place.has(atom);
  if (topology.chiral.some(({ centre }) => inside(centre)) || topology.doubleBonds.some(({ b, c }) => inside(b) && inside(c))) return undefined;
  // A shell atom only gives its bond to the ring a length (element, hybridisation, carbonyl): more would
  // split one ring system's templates by what hangs beyond its first shell.
  const invariants = atoms.map((atom, i) => {
    const graphAtom = topology.graph.atoms[topology.toGraph[atom]!];
    const common = [topology.atomicNumbers[atom], graphAtom?.aromatic ? 1 : 0, topology.hybridisation[atom], topology.carbonyl[atom]];
    if (i >= fragment.members) return [...common, 's'].join(',');
    return [...common, topology.degree[atom], topology.hydrogens[atom]?.length ?? 0, graphAtom?.formalCharge ?? 0, 'm'].join(',');
  });
  const bonds = topology.bonds.filter((bond) => inside(bond.a) && inside(bond.b))
    .map((bond) => ({ a: place.get(bond.a)!, b: place.get(bond.b)!, code: 64 * bond.ringSize + 2 * bond.order + (bond.aromatic ? 1 : 0) }));
  const adjacency = adjacencyOf(atoms.length, bonds);
  const ranks = Int32Array.from(rankBy(invariants));
  for (;;) {
    refine(ranks, adjacency);
    const tied = firstTie(ranks);
    if (tied < 0) break;
    // Individualise one atom of the lowest tied rank; refinement then settles the others.
    const tiedRank = ranks[tied]!;
    for (let i = 0; i < ranks.length; i++) ranks[i] = 2 * ranks[i]! + (ranks[i] === tiedRank && i !== tied ? 1 : 0);
  }
  // Refinement leaves every rank distinct and dense: an atom's rank is its canonical place.
  const order = new Array<number>(atoms.length);
  ranks.forEach((rank, i) => {
    order[rank] = i;
  });
  const bondText = bonds.map(({ a, b, code }) => [Math.min(ranks[a]!, ranks[b]!), Math.max(ranks[a]!, ranks[b]!), code] as const)
    .sort((p, q) => p[0] - q[0] || p[1] - q[1]).map((bond) => bond.join('-')).join(' ');
  return { key: `${order.map((i) => invariants[i]).join(';')}|${bondText}`, order: order.map((i) => atoms[i]!) };
}

/** Dense ranks 0, 1, ... of values by their sorted order. */
function rankBy<T extends string | number>(values: T[]): number[] {
  const distinct = [...new Set(values)].sort((p, q) => (p < q ? -1 : p > q ? 1 : 0));
  const rank = new Map(distinct.map((value, i) => [value, i]));
  return values.map((value) => rank.get(value)!);
}

/**
 * Each atom's bonds within the ring system, in compressed rows: atom i's are entries start[i] to start[i+1] of
 * `other` and `code`. `signature`, `order` and `next` are refinement's working space, made once per ring system.
 */
interface Adjacency {
  start: Int32Array;
  other: Int32Array;
  code: Int32Array;
  signature: Int32Array;
  order: Int32Array;
  next: Int32Array;
}

function adjacencyOf(size: number, bonds: readonly { a: number; b: number; code: number }[]): Adjacency {
  const start = new Int32Array(size + 1);
  for (const { a, b } of bonds) {
    start[a + 1]!++;
    start[b + 1]!++;
  }
  for (let i = 0; i < size; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, size);
  const other = new Int32Array(2 * bonds.length), code = new Int32Array(2 * bonds.length);
  for (const bond of bonds) {
    other[fill[bond.a]!] = bond.b;
    code[fill[bond.a]!++] = bond.code;
    other[fill[bond.b]!] = bond.a;
    code[fill[bond.b]!++] = bond.code;
  }
  return { start, other, code, signature: new Int32Array(2 * bonds.length), order: new Int32Array(size), next: new Int32Array(size) };
}

/**
 * Splits ranks (in place) by the sorted ranks and bond kinds of each atom's neighbours until nothing more
 * splits, leaving them dense. An atom's signature is its rank, then its neighbours' (bond kind, rank) in
 * increasing order; new ranks number the distinct signatures in increasing order.
 */
function refine(ranks: Int32Array, adjacency: Adjacency): void {
  const { start, other, code, signature, order, next } = adjacency;
  const size = ranks.length;
  if (size === 0) return;
  for (;;) {
    for (let i = 0; i < size; i++) {
      for (let k = start[i]!; k < start[i + 1]!; k++) signature[k] = code[k]! * size + ranks[other[k]!]!;
      insertionSort(signature, start[i]!, start[i + 1]!);
    }
    for (let i = 0; i < size; i++) order[i] = i;
    for (let k = 1; k < size; k++) {
      const atom = order[k]!;
      let j = k - 1;
      for (; j >= 0 && compareAtoms(ranks, adjacency, order[j]!, atom) > 0; j--) order[j + 1] = order[j]!;
      order[j + 1] = atom;
    }
    // Signatures start with the old rank, so atoms of one old rank are next to each other in `order`.
    let rank = 0, oldRanks = 1;
    next[order[0]!] = 0;
    for (let k = 1; k < size; k++) {
      if (compareAtoms(ranks, adjacency, order[k - 1]!, order[k]!) !== 0) rank++;
      if (ranks[order[k - 1]!] !== ranks[order[k]!]) oldRanks++;
      next[order[k]!] = rank;
    }
    ranks.set(next);
    if (rank + 1 === oldRanks) return;
  }
}

function insertionSort(values: Int32Array, from: number, to: number): void {
  for (let k = from + 1; k < to; k++) {
    const value = values[k]!;
    let j = k - 1;
    for (; j >= from && values[j]! > value; j--) values[j + 1] = values[j]!;
    values[j + 1] = value;
  }
}

/** Atoms p and q by signature: rank first, then the sorted neighbour entries, then their number. */
function compareAtoms(ranks: Int32Array, { start, signature }: Adjacency, p: number, q: number): number {
  if (ranks[p] !== ranks[q]) return ranks[p]! - ranks[q]!;
  const pFrom = start[p]!, pLength = start[p + 1]! - pFrom, qFrom = start[q]!, qLength = start[q + 1]! - qFrom;
  for (let k = 0; k < pLength && k < qLength; k++) {
    if (signature[pFrom + k] !== signature[qFrom + k]) return signature[pFrom + k]! - signature[qFrom + k]!;
  }
  return pLength - qLength;
}

/** The first atom of the lowest rank that more than one atom has, or -1 when every rank is distinct. */
function firstTie(ranks: Int32Array): number {
  // Ranks are dense after refinement, so they index a count of their atoms.
  const count = new Int32Array(ranks.length);
  for (const rank of ranks) count[rank]!++;
  let lowest = -1;
  for (let rank = 0; rank < ranks.length && lowest < 0; rank++) if (count[rank]! > 1) lowest = rank;
  return lowest < 0 ? -1 : ranks.indexOf(lowest);
}

interface Template {
  /** Shapes embedded so far, in canonical atom order. */
  shapes: Float64Array[];
  approximate: boolean;
  keySeed: number;
}

/**
 * Embedded ring systems, kept across the molecules of an import (per thread). A template's k-th shape is
 * embedded from the canonical ring system with a seed made of its key, the generation seed and k, so it
 * is the same whichever molecule asked first: conformers do not depend on what was embedded before.
 * A template keeps its shapes only (a few kB), not what embedded them.
 */
export class RingTemplates {
  private readonly cache = new Map<string, Template>();

  /**
   * The ring system's k-th shape, in `fragment.atoms` order, and whether its bounds were inconsistent;
   * shapes up to `count` are embedded together, since a molecule's attempts take them in turn.
   */
  shape(topology: Topology, fragment: Fragment, canonical: CanonicalRingSystem, seed: number, k: number, count = k + 1): { coordinates: Float64Array; approximate: boolean } {
    const template = this.template(canonical, seed);
    if (k >= template.shapes.length) {
      const embedder = skeletonEmbedder(canonicalTopology(topology, canonical.order));
      template.approximate = embedder.approximate;
      // No deadline: a shape cut short would be kept for every later molecule.
      for (let m = template.shapes.length; m < Math.max(k + 1, count); m++) template.shapes.push(embedder.embed(attemptSeed(template.keySeed, m), Infinity).coordinates);
    }
    const shape = template.shapes[k]!;
    const coordinates = new Float64Array(3 * fragment.atoms.length);
    const order = canonical.order;
    for (let c = 0; c < order.length; c++) copyPoint(shape, c, coordinates, fragment.atoms.indexOf(order[c]!));
    return { coordinates, approximate: template.approximate };
  }

  private template(canonical: CanonicalRingSystem, seed: number): Template {
    const name = `${seed}|${canonical.key}`;
    let template = this.cache.get(name);
    if (template) {
      // Most recently used last, so the oldest goes first when the cache is full.
      this.cache.delete(name);
      this.cache.set(name, template);
      return template;
    }
    template = { shapes: [], approximate: false, keySeed: attemptSeed(seed, hashText(canonical.key)) };
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(name, template);
    return template;
  }
}

/**
 * The sub-skeleton of `order` with every list in canonical order (neighbours, bonds, rings), so that its
 * embedding depends on the labelled graph alone, not on how the molecule happened to list its atoms.
 */
function canonicalTopology(topology: Topology, order: number[]): Topology {
  const sub = subTopology(topology, order);
  const ascending = (p: number, q: number) => p - q;
  for (const list of sub.neighbours) list.sort(ascending);
  sub.bonds = sub.bonds.map((bond) => (bond.a < bond.b ? bond : { ...bond, a: bond.b, b: bond.a })).sort((p, q) => p.a - q.a || p.b - q.b);
  sub.rings = sub.rings.map((ring) => {
    const start = ring.indexOf(Math.min(...ring));
    const turned = [...ring.slice(start), ...ring.slice(0, start)];
    return turned[1]! < turned[turned.length - 1]! ? turned : [turned[0]!, ...turned.slice(1).reverse()];
  }).sort((p, q) => p.length - q.length || p.join(',').localeCompare(q.join(',')));
  sub.atomRings = sub.atomRings.map((): number[] => []);
  sub.rings.forEach((ring, r) => ring.forEach((atom) => sub.atomRings[atom]!.push(r)));
  return sub;
}

/** A 32-bit FNV-1a hash of a text. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}
