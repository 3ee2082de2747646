import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MolGraph } from '../mol-graph.ts';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { alignedRmsd } from './conformer-rmsd.ts';
import { generateConformers } from './generate-conformers.ts';

interface CatalogueReference { smiles: string; id: string; heavy: number; conformers: number[][]; chiral: number[][]; doubleBonds: number[][] }
interface StereoReference { name: string; smiles: string; chiral: number[][]; doubleBonds: number[][] }

const testData = new URL('../../test-data/', import.meta.url);
const readGzipJson = <T>(name: string): T => JSON.parse(gunzipSync(readFileSync(new URL(name, testData))).toString('utf8')) as T;

const distance = (x: Float64Array, i: number, j: number) => Math.hypot(x[3 * i]! - x[3 * j]!, x[3 * i + 1]! - x[3 * j + 1]!, x[3 * i + 2]! - x[3 * j + 2]!);

function signedVolume(x: Float64Array, c: number, a: number, b: number, d: number): number {
  const v = (i: number) => [x[3 * i]! - x[3 * c]!, x[3 * i + 1]! - x[3 * c + 1]!, x[3 * i + 2]! - x[3 * c + 2]!] as const;
  const [p, q, r] = [v(a), v(b), v(d)];
  return p[0] * (q[1] * r[2] - q[2] * r[1]) + p[1] * (q[2] * r[0] - q[0] * r[2]) + p[2] * (q[0] * r[1] - q[1] * r[0]);
}

function dihedralCosine(x: Float64Array, a: number, b: number, c: number, d: number): number {
  const sub = (i: number, j: number) => [x[3 * i]! - x[3 * j]!, x[3 * i + 1]! - x[3 * j + 1]!, x[3 * i + 2]! - x[3 * j + 2]!] as const;
  const cross = (u: readonly number[], w: readonly number[]) => [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
  const n1 = cross(sub(b, a), sub(c, b));
  const n2 = cross(sub(c, b), sub(d, c));
  return (n1[0]! * n2[0]! + n1[1]! * n2[1]! + n1[2]! * n2[2]!) / (Math.hypot(...n1) * Math.hypot(...n2));
}

/** Largest distance of the ring's atoms from their best plane (smallest principal axis of the points). */
function ringPlaneDeviation(x: Float64Array, ring: number[]): number {
  const centre = [0, 1, 2].map((k) => ring.reduce((s, i) => s + x[3 * i + k]!, 0) / ring.length);
  // Plane normal from the average cross product of consecutive centred positions (exact for a planar ring).
  const normal = [0, 0, 0];
  ring.forEach((i, k) => {
    const j = ring[(k + 1) % ring.length]!;
    const p = [0, 1, 2].map((d) => x[3 * i + d]! - centre[d]!);
    const q = [0, 1, 2].map((d) => x[3 * j + d]! - centre[d]!);
    normal[0]! += p[1]! * q[2]! - p[2]! * q[1]!;
    normal[1]! += p[2]! * q[0]! - p[0]! * q[2]!;
    normal[2]! += p[0]! * q[1]! - p[1]! * q[0]!;
  });
  const length = Math.hypot(...normal);
  return Math.max(...ring.map((i) => Math.abs([0, 1, 2].reduce((s, d) => s + (x[3 * i + d]! - centre[d]!) * normal[d]!, 0) / length)));
}

/** Pairs of heavy atoms separated by more than two bonds. */
function distantHeavyPairs(graph: MolGraph): [number, number][] {
  const heavy = graph.atoms.map((a) => a.atomicNumber !== 1);
  const neighbours = graph.atoms.map((): number[] => []);
  for (const b of graph.bonds) {
    neighbours[b.a]!.push(b.b);
    neighbours[b.b]!.push(b.a);
  }
  const pairs: [number, number][] = [];
  graph.atoms.forEach((_, i) => {
    if (!heavy[i]) return;
    const near = new Set([i, ...neighbours[i]!, ...neighbours[i]!.flatMap((j) => neighbours[j]!)]);
    for (let j = i + 1; j < graph.atoms.length; j++) if (heavy[j] && !near.has(j)) pairs.push([i, j]);
  });
  return pairs;
}

describe.each(['distance-geometry', 'fragments'] as const)('generateConformers by %s', (method) => {
  const options = { count: 3, seed: 7, timeBudgetMs: 5_000, method };
  let catalogue: CatalogueReference[] = [];
  let stereo: StereoReference[] = [];
  /** Conformers of each catalogue molecule, generated once and checked by several tests. */
  let generated: { molecule: CatalogueReference; graph: MolGraph; conformers: Float64Array[] }[] = [];

  beforeAll(async () => {
    await loadRDKit();
    // Every 10th molecule of the gate sample keeps the suite fast while covering the catalogues.
    catalogue = readGzipJson<{ molecules: CatalogueReference[] }>('rdkit-conformers.json.gz').molecules.filter((_, i) => i % 10 === 0);
    stereo = readGzipJson<{ molecules: StereoReference[] }>('rdkit-conformers-stereo.json.gz').molecules;
    generated = catalogue.map((molecule) => {
      const graph = hydrogenatedGraph(molecule.smiles)!;
      return { molecule, graph, conformers: generateConformers(graph, options).conformers };
    });
  });

  it('gives the same coordinates for the same seed, and different ones for another seed', () => {
    const { graph, conformers } = generated[1]!;
    const again = generateConformers(graph, options);
    const other = generateConformers(graph, { ...options, seed: 8 });
    expect(again.conformers).toEqual(conformers);
    expect(other.conformers[0]).not.toEqual(conformers[0]);
  });

  it('places every atom, hydrogens included, with bond lengths close to RDKit MMFF geometry', () => {
    const deviations: number[] = [];
    for (const { molecule, graph, conformers } of generated) {
      const reference = Float64Array.from(molecule.conformers[0]!);
      expect(conformers.length).toBeGreaterThan(0);
      for (const x of conformers) {
        expect(x.length).toBe(3 * graph.atoms.length);
        expect(x.every(Number.isFinite)).toBe(true);
        for (const bond of graph.bonds) {
          const length = distance(x, bond.a, bond.b);
          const withHydrogen = bond.a >= molecule.heavy || bond.b >= molecule.heavy;
          if (withHydrogen) {
            expect(length, `${molecule.id} X-H bond`).toBeGreaterThan(0.9);
            expect(length, `${molecule.id} X-H bond`).toBeLessThan(1.5);
            continue;
          }
          // MMFF types a few bonds RDKit calls aromatic as single (about 0.1 Å longer): hence the loose bound per bond.
          const deviation = Math.abs(length - distance(reference, bond.a, bond.b));
          expect(deviation, `${molecule.id} bond ${bond.a}-${bond.b}`).toBeLessThan(0.12);
          deviations.push(deviation);
        }
      }
    }
    expect(deviations.reduce((a, b) => a + b, 0) / deviations.length).toBeLessThan(0.025);
  });

  it('keeps aromatic rings planar and heavy atoms apart', () => {
    for (const { molecule, graph, conformers } of generated) {
      const aromaticRings = graph.rings.filter((ring) => ring.every((i) => graph.atoms[i]!.aromatic));
      const pairs = distantHeavyPairs(graph);
      for (const x of conformers) {
        for (const ring of aromaticRings) expect(ringPlaneDeviation(x, ring), `${molecule.id} ring ${ring.join(',')}`).toBeLessThan(0.05);
        for (const [i, j] of pairs) expect(distance(x, i, j), `${molecule.id} atoms ${i}, ${j}`).toBeGreaterThan(2.0);
      }
    }
  });

  it('returns distinct conformers of a flexible molecule', () => {
    const graph = hydrogenatedGraph('CCCCOc1ccc(CC(=O)NCCN2CCOCC2)cc1')!;
    const heavy = graph.atoms.flatMap((a, i) => (a.atomicNumber === 1 ? [] : [i]));
    const { conformers } = generateConformers(graph, { ...options, count: 5 });
    expect(conformers.length).toBe(5);
    for (let i = 0; i < conformers.length; i++) {
      for (let j = i + 1; j < conformers.length; j++) expect(alignedRmsd(conformers[i]!, conformers[j]!, heavy)).toBeGreaterThan(0.5);
    }
  });

  it('keeps the handedness of tetrahedral centres and the geometry of double bonds that RDKit embeds', () => {
    let centres = 0;
    let doubleBonds = 0;
    for (const molecule of stereo) {
      const graph = hydrogenatedGraph(molecule.smiles)!;
      for (const x of generateConformers(graph, { ...options, count: 1 }).conformers) {
        for (const [c, a, b, d, sign] of molecule.chiral) {
          expect(Math.sign(signedVolume(x, c!, a!, b!, d!)), `${molecule.name} centre ${c}`).toBe(sign);
          centres++;
        }
        for (const [a, b, c, d, sign] of molecule.doubleBonds) {
          expect(Math.sign(dihedralCosine(x, a!, b!, c!, d!)), `${molecule.name} bond ${b}=${c}`).toBe(sign);
          doubleBonds++;
        }
      }
    }
    expect(centres).toBeGreaterThan(100);
    expect(doubleBonds).toBeGreaterThan(10);
  });

  it('honours the time cap with at least one conformer', () => {
    const graph = hydrogenatedGraph('CC(C)C[C@H](NC(=O)[C@H](Cc1ccccc1)NC(=O)[C@H](CCCCN)NC(=O)[C@H](CO)NC(=O)[C@H](Cc1c[nH]c2ccccc12)NC(C)=O)C(=O)N[C@@H](CCC(N)=O)C(N)=O')!;
    const result = generateConformers(graph, { count: 30, seed: 1, timeBudgetMs: 1 });
    expect(result.timedOut).toBe(true);
    expect(result.conformers.length).toBeGreaterThanOrEqual(1);
    expect(result.conformers[0]!.every(Number.isFinite)).toBe(true);
  });

  it.each([
    ['a single atom', '[Ar]'],
    ['methane', 'C'],
    ['hydrogen', '[H][H]'],
    ['a salt', '[Na+].[Cl-]'],
    ['an ion pair with a organic cation', 'C[N+](C)(C)C.[Br-]'],
    ['cisplatin', 'N.N.Cl[Pt]Cl'],
    ['ferrocene-like sandwich', '[Fe+2].c1cc[cH-]c1.c1cc[cH-]c1'],
    ['a hexacoordinate sulfur', 'FS(F)(F)(F)(F)F'],
    ['a macrocycle', 'O=C1CCCCCCCCCCCCCCCCCCCCN1'],
    ['a bridged cage', 'C1C2CC3CC1CC(C2)C3'],
    ['a spiro compound', 'C1CCC2(CC1)CCNCC2'],
  ])('gives finite coordinates for %s', (_, smiles) => {
    const graph = hydrogenatedGraph(smiles)!;
    const { conformers } = generateConformers(graph, options);
    expect(conformers.length).toBeGreaterThanOrEqual(1);
    for (const x of conformers) {
      expect(x.length).toBe(3 * graph.atoms.length);
      expect(x.every(Number.isFinite)).toBe(true);
    }
  });
});
