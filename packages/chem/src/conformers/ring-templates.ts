import type { Fragment } from './fragment-tree.ts';
import { attemptSeed } from './random.ts';
import { skeletonEmbedder } from './skeleton-embedder.ts';
import { subTopology } from './sub-topology.ts';
import type { Topology } from './topology.ts';

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
  const neighbours = atoms.map((): { other: number; code: number }[] => []);
  for (const { a, b, code } of bonds) {
    neighbours[a]!.push({ other: b, code });
    neighbours[b]!.push({ other: a, code });
  }
  let ranks = rankBy(invariants);
  for (;;) {
    ranks = refine(ranks, neighbours);
    const tied = firstTie(ranks);
    if (tied < 0) break;
    // Individualise one atom of the lowest tied rank; refinement then settles the others.
    ranks = ranks.map((rank, i) => 2 * rank + (rank === ranks[tied] && i !== tied ? 1 : 0));
  }
  const order = atoms.map((_, i) => i).sort((p, q) => ranks[p]! - ranks[q]!);
  const at = new Array<number>(atoms.length);
  order.forEach((i, k) => {
    at[i] = k;
  });
  const bondText = bonds.map(({ a, b, code }) => [Math.min(at[a]!, at[b]!), Math.max(at[a]!, at[b]!), code] as const)
    .sort((p, q) => p[0] - q[0] || p[1] - q[1]).map((bond) => bond.join('-')).join(' ');
  return { key: `${order.map((i) => invariants[i]).join(';')}|${bondText}`, order: order.map((i) => atoms[i]!) };
}

/** Dense ranks 0, 1, ... of values by their sorted order. */
function rankBy<T extends string | number>(values: T[]): number[] {
  const distinct = [...new Set(values)].sort((p, q) => (p < q ? -1 : p > q ? 1 : 0));
  const rank = new Map(distinct.map((value, i) => [value, i]));
  return values.map((value) => rank.get(value)!);
}

/** Splits ranks by the sorted ranks (and bond kinds) of each atom's neighbours until nothing more splits. */
function refine(ranks: number[], neighbours: { other: number; code: number }[][]): number[] {
  const size = ranks.length;
  for (;;) {
    // An atom's signature: its rank, then its neighbours' (bond kind, rank) in increasing order.
    const signatures = ranks.map((rank, i) => [rank, ...neighbours[i]!.map(({ other, code }) => code * size + ranks[other]!).sort((p, q) => p - q)]);
    const order = ranks.map((_, i) => i).sort((p, q) => compareLists(signatures[p]!, signatures[q]!));
    const next = new Array<number>(size);
    let rank = 0;
    order.forEach((atom, k) => {
      if (k > 0 && compareLists(signatures[order[k - 1]!]!, signatures[atom]!) !== 0) rank++;
      next[atom] = rank;
    });
    if (rank + 1 === new Set(ranks).size) return next;
    ranks = next;
  }
}

function compareLists(p: readonly number[], q: readonly number[]): number {
  for (let k = 0; k < Math.min(p.length, q.length); k++) if (p[k] !== q[k]) return p[k]! - q[k]!;
  return p.length - q.length;
}

function firstTie(ranks: number[]): number {
  const seen = new Map<number, number>();
  let lowest = -1;
  ranks.forEach((rank, i) => {
    if (seen.has(rank) && (lowest < 0 || rank < ranks[lowest]!)) lowest = seen.get(rank)!;
    else if (!seen.has(rank)) seen.set(rank, i);
  });
  return lowest;
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
    canonical.order.forEach((atom, c) => coordinates.set(shape.subarray(3 * c, 3 * c + 3), 3 * fragment.atoms.indexOf(atom)));
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
