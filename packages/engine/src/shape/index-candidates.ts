import { AXIS_SIGN_FLIPS } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import type { Catalogue, ShapeColumns } from '../catalogue/catalogue-reader.ts';
import { queryChargeVectors } from '../features/charge-index-vector.ts';
import { queryIndexVectors } from '../features/index-vector.ts';
import { EngineError } from '../format/engine-error.ts';
import type { SearchQuality } from '../format/search-types.ts';
import { INDEX_BITS, INDEX_WALK, MORE_CONFORMER_VECTORS } from '../format/shape-index-layout.ts';
import { packIndexVectors, unpackIndexVectors } from '../format/shape-index-vectors.ts';
import type { ShapeIndex } from '../format/shape-index-file.ts';
import { scanIndexNeighbours, scanNeighbourFiles } from './index-scan.ts';
import type { VectorFile } from './index-scan.ts';

/** How much of the stage-1 index a search explores: the query conformers it probes with (each under four axis flips) and the rows each probe keeps. */
export interface IndexProbe {
  conformers: number;
  /** usearch's search expansion: rows a probe keeps while walking the graph, and returns; a scan keeps as many a probe. */
  expansion: number;
  /** The fewest rows to find, in probes' worth (INDEX_LEAST_PROBES); a probe without it is asked once, as it is. */
  leastProbes?: number;
  /**
   * The volume probes of a scanned catalogue with a vector for each conformer (SHAPE_INDEX_FILES.conformerVectors):
   * each keeps `expansion` vectors of them all, so a row is found by whichever of its conformers is nearest.
   */
  everyConformer?: { conformers: number; expansion: number };
}

/**
 * How stage 1 reads the index: by catalogue size (INDEX_WALK, format/shape-index-layout.ts), or one way for
 * tests and benchmarks ('graph' only in a catalogue that has a graph).
 */
export type IndexWalk = 'auto' | 'graph' | 'scan';

/**
 * The fewest rows a search has the index find, in probes' worth of rows: INDEX_LEAST_PROBES probes, each under
 * the four flips, finding `expansion` rows with none in common. A small or rigid query's probes are nearly one
 * vector and find about one probe's rows between them; they are then asked again for up to INDEX_WIDEN_LIMIT
 * times as many rows each, so the query explores about as much of the index as others do. On the 100,000
 * Chemspace rows and 5 drug queries (npm run bench -- scale --rows '' --agreement-queries 5), only benzyl
 * alcohol was asked again: at fast its rows went from 3,528 to 8,342 (the others found 10,235-17,521), at
 * very_accurate from 11,003 to 25,755 (others 33,856-51,336). The share of an exhaustive stage 1's candidates
 * the index path keeps rose from 0.634 to 0.686 for shape at fast (least of the 5: 0.430 to 0.544), 0.706 to
 * 0.777 at very_accurate (0.405 to 0.699), and 0.701 to 0.734 and 0.781 to 0.823 for electrostatics; recall@30
 * of the exact top 30 stayed the same but for one hit of 150 (electrostatic, fast). At 10^6 replicated rows
 * walked as a graph, the same queries: 0.440 to 0.478 and 0.534 to 0.580 for shape, 0.276 to 0.305 and 0.320 to
 * 0.349 for electrostatics.
 */
export const INDEX_LEAST_PROBES = 2;
export const INDEX_WIDEN_LIMIT = 4;

/**
 * The index probes by quality (format/shape-index-layout.ts): a search walks the graph once per query
 * conformer and axis flip and keeps `expansion` rows each, so it reads at most conformers x 4 x expansion
 * rows of the index whatever the catalogue's size; the union of what the probes found is then ranked by
 * stage 1 (grid-candidates.ts).
 *
 * Fast probes with 8 conformers rather than 4: shape recall was bound by the rows 4 conformers found (0.865 of
 * the exact top 30 even re-scoring all of them), and more conformers find more of it than a larger expansion
 * for less CPU. On the first 50,000 Chemspace screening molecules and 20 drug queries
 * (npm run bench -- engine-3d --size 50000 --methods espsim_shape,espsim_electrostatic --qualities fast),
 * fast recall@30 rose from 0.833 (min 0.20) to 0.863 (min 0.30) for shape and from 0.823 to 0.828 for
 * electrostatics; median CPU of all threads over 6 and 5 alternating runs on a shared 2-core machine went
 * from 1.39 to 1.44 s for shape (1.18-1.55 against 1.29-1.68) and stayed at 2.07 s for electrostatics.
 * 4 x 2048 gave 0.862 / 0.840 and 8 x 2048 0.870 / 0.842, for about 0.2 s more CPU a search (one run each).
 *
 * With a vector for each of a row's conformers (scanned catalogues), fewer query conformers keeping more vectors
 * each find more of what an exhaustive stage 1 keeps for as many rows and no more scanning: on the 100,000
 * Chemspace rows and 5 drug queries, probes asked once, fast's 3,500 best held by the rows found, rows found and
 * the scan's time: first conformers 8 x 1024 0.634 (11,811 rows, 146 ms); every conformer 4 x 2048 0.758 (12,600,
 * 195 ms), 3 x 3072 0.788 (14,210, 175 ms), 2 x 4096 0.775 (14,436, 128 ms), 1 x 8192 0.809 (17,890, 59 ms);
 * very_accurate's 25,000 best: first conformers 15 x 4096 0.706 (36,068 rows, 197 ms), every conformer 2 x 16384
 * 0.799 (36,848, 124 ms), 8 x 8192 0.811 (40,005, 325 ms).
 *
 * Very accurate probes scanned catalogues from 4 query conformers: at the 458,811 real rows of every shared
 * catalogue (npm run bench -- scale --union, 20 drug queries of set A, shape), 29 of the 31 exact top-30 rows
 * that 2 x 16384 missed were never found by the probe. Found of the exact top 30, rows found, median search:
 * 2 x 16384 0.948 (60,045 rows, 5.77 s), 2 x 24576 0.957 (80,480, 6.74 s), 3 x 16384 0.958 (81,398, 6.08 s),
 * 2 x 32768 0.960 (97,976, 6.82 s), 4 x 16384 0.973 (88,798, 6.92 s; the scan 978 against 563 ms). More
 * conformers find rows of other shapes; more vectors a conformer find more of the same one's neighbours.
 * Electrostatic searches, which share the table, held 0.970 of their exact top 30 against 0.972 (8.26 against
 * 7.88 s).
 */
export const STAGE1_INDEX_PROBE: Record<SearchQuality, IndexProbe> = {
  fast: { conformers: 8, expansion: 1024, leastProbes: INDEX_LEAST_PROBES, everyConformer: { conformers: 2, expansion: 4096 } },
  accurate: { conformers: 8, expansion: 2048, leastProbes: INDEX_LEAST_PROBES, everyConformer: { conformers: 2, expansion: 8192 } },
  very_accurate: { conformers: 15, expansion: 4096, leastProbes: INDEX_LEAST_PROBES, everyConformer: { conformers: 4, expansion: 16384 } },
};

/**
 * The electrostatic search's share of each probe's `expansion` rows taken by volume and by charges
 * (format/charge-index-layout.ts), in catalogues with charge vectors, scanned or walked. Both in full: its
 * candidates are ranked by shape as well as charges (shape-search.ts candidateSources), which needs the volume
 * rows. When half of them were ranked by shape alone, on the 10,000-molecule measurement of
 * charge-index-layout.ts (σ 1.2 Å), half the rows by volume held 0.64 of the exact shape top 30 (0.71 by
 * volume alone, 0.75 with both in full) and 0.76 of the electrostatic top 30 (0.81 in full). Stage 1
 * builds grids for about 1.6 times the rows: the CPU of a fast electrostatic search at 50,000 molecules
 * rose from a median 1.55 to 2.08 s.
 */
export const CHARGE_PROBE_SHARE = { volume: 1, charges: 1 };

/**
 * Whether a catalogue of `rows` rows is scanned rather than walked as a graph: never one without its volume
 * vectors' file (`hasVolumeFile`), which a catalogue walked at import keeps in its graph alone.
 */
export function scansCatalogue(rows: number, walk: IndexWalk = 'auto', hasVolumeFile = true): boolean {
  return hasVolumeFile && (walk === 'scan' || (walk === 'auto' && rows <= INDEX_WALK.exhaustiveRows));
}

/**
 * The volume probe of a scanned catalogue: over every conformer's vector where the catalogue keeps them
 * (`hasConformerVectors`) and `probe` says how, else over first conformers.
 */
export function volumeScanProbe(probe: IndexProbe, hasConformerVectors: boolean): { conformers: number; expansion: number; everyConformer: boolean } {
  const every = hasConformerVectors ? probe.everyConformer : undefined;
  return every ? { ...every, everyConformer: true } : { conformers: probe.conformers, expansion: probe.expansion, everyConformer: false };
}

/**
 * The catalogue rows the index finds for `query` at `quality`, ascending, each once. A catalogue of more than
 * INDEX_WALK.exhaustiveRows rows is walked as a graph, on `threads` threads with the same rows however many,
 * as is one whose graph holds its volume vectors in place of their file; a smaller one is scanned
 * (shape/index-scan.ts).
 * With `charges` (the electrostatic search) a catalogue with charge vectors also gives each probe's nearest
 * rows by charges (CHARGE_PROBE_SHARE), scanning their file or walking their graph; a catalogue without them
 * (a walked one: without their graph) is probed by volume only. When the probes find fewer rows than
 * `probe.leastProbes` probes would, they are asked again for more rows each (INDEX_LEAST_PROBES).
 */
export async function indexCandidates(
  catalogue: Catalogue, query: Model3D, quality: SearchQuality, probe = STAGE1_INDEX_PROBE[quality], walk: IndexWalk = 'auto', charges = false, threads = 1,
): Promise<Uint32Array> {
  const { shape } = catalogue;
  if (!shape) throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index: re-import it with 3D columns (molsearch import --3d).`);
  // Built once for both asks: the second changes only how many rows each probe keeps.
  const volume = new Map<number, Int8Array>();
  let chargeVectors: Uint8Array | undefined;
  const vectors: QueryVectors = {
    volume: (conformers) => {
      const built = volume.get(conformers) ?? queryIndexVectors(query, conformers);
      volume.set(conformers, built);
      return built;
    },
    charges: () => (chargeVectors ??= queryChargeVectors(query, probe.conformers)),
  };
  const found = await probedRows(catalogue, shape, vectors, probe, 1, walk, charges, threads);
  const least = (probe.leastProbes ?? 0) * AXIS_SIGN_FLIPS.length * probe.expansion;
  if (found.length === 0 || found.length >= least || found.length >= catalogue.count) return found;
  const widen = Math.min(INDEX_WIDEN_LIMIT, Math.ceil(least / found.length));
  return probedRows(catalogue, shape, vectors, probe, widen, walk, charges, threads);
}

/** A query's probe vectors: by volume from `conformers` of its conformers, and by charges, each built when first asked for. */
interface QueryVectors {
  volume: (conformers: number) => Int8Array;
  charges: () => Uint8Array;
}

/**
 * indexCandidates' rows for `probe` with `widen` times the rows each, asked once. A scanned catalogue with a
 * vector for each conformer (SHAPE_INDEX_FILES.conformerVectors) is probed by volume as `probe.everyConformer`
 * says, over every conformer's vector.
 */
async function probedRows(catalogue: Catalogue, shape: ShapeColumns, vectors: QueryVectors, probe: IndexProbe, widen: number, walk: IndexWalk, charges: boolean, threads: number): Promise<Uint32Array> {
  const expansion = probe.expansion * widen;
  const index = await shape.index(expansion);
  const { graph, vectors: volumeFile } = index;
  if (walk === 'scan' && !volumeFile) {
    throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} keeps its volume vectors in its graph only: it is walked, not scanned.`);
  }
  if (scansCatalogue(catalogue.count, walk, volumeFile !== undefined)) {
    const byCharges = charges ? index.charges : undefined;
    const share = byCharges ? CHARGE_PROBE_SHARE : { volume: 1, charges: 0 };
    const rows = new Uint8Array(catalogue.count);
    if (share.volume > 0) {
      const { conformers, expansion: kept, everyConformer } = volumeScanProbe(probe, index.conformerVectors !== undefined);
      const files: VectorFile[] = [{ path: volumeFile!, vectors: catalogue.count }];
      if (everyConformer) files.push({ path: index.conformerVectors!, vectors: catalogue.count * MORE_CONFORMER_VECTORS });
      const [first, more] = scanNeighbourFiles(files, packIndexVectors(vectors.volume(conformers)), Math.round(kept * widen * share.volume));
      rows.set(first!);
      more?.forEach((hit, i) => (rows[Math.floor(i / MORE_CONFORMER_VECTORS)]! |= hit));
    }
    if (byCharges && share.charges > 0) {
      const byRow = scanIndexNeighbours(byCharges, catalogue.count, vectors.charges(), Math.round(expansion * share.charges));
      byRow.forEach((hit, row) => (rows[row]! |= hit));
    }
    return Uint32Array.from(rows.keys()).filter((row) => rows[row] === 1);
  }
  if (!graph) throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no graph in its 3D index (imports build one for catalogues of more than ${INDEX_WALK.exhaustiveRows} rows): re-import it.`);
  // The rows found, gathered from the matches rather than marked in a byte a catalogue row: walked catalogues
  // have millions of rows, and reading such a mask back is a pass over all of them every search.
  const found = new Set<number>();
  const byCharges = charges ? index.chargeGraph : undefined;
  const share = byCharges ? CHARGE_PROBE_SHARE : { volume: 1, charges: 0 };
  if (share.volume > 0) walkGraph(graph, vectors.volume(probe.conformers), Math.round(expansion * share.volume), threads, found);
  if (byCharges && share.charges > 0) walkGraph(byCharges, unpackIndexVectors(vectors.charges()), Math.round(expansion * share.charges), threads, found);
  return Uint32Array.from(found).sort();
}

/** Adds to `found` the rows a walk of `graph` keeps for each of `probeVectors` (INDEX_BITS bytes each, one a bit), `expansion` a probe. */
function walkGraph(graph: ShapeIndex, probeVectors: Int8Array, expansion: number, threads: number, found: Set<number>): void {
  if (graph.size() === 0) return;
  // At the graph's own width: INDEX_BITS zero-padded to whole bytes, or INDEX_BITS in graphs written before.
  const width = graph.dimensions();
  const probes = Array.from({ length: probeVectors.length / INDEX_BITS }, (_, j) => {
    const probeVector = new Int8Array(width);
    probeVector.set(probeVectors.subarray(j * INDEX_BITS, (j + 1) * INDEX_BITS));
    return probeVector;
  });
  // Four flips a conformer: always a batch of probes, so usearch answers with counts per probe, spread over
  // `threads`. Each probe is one thread's walk, so the rows found do not depend on how many there are (before
  // graphs were padded, INDEX_GRAPH_DIMENSIONS, each thread's leftovers made them differ). On the 100,000
  // Chemspace rows walked as a graph, 20 self-queries, two threads took the probes of a fast search in a median
  // 13-20 ms against 29-35 ms on one, and of a very_accurate one in 48-49 ms against 82-95 ms (3 runs each).
  const matches = graph.search(probes, expansion, threads);
  matches.counts.forEach((count, j) => {
    for (let k = 0; k < Number(count); k++) found.add(Number(matches.keys[j * expansion + k]!));
  });
}
