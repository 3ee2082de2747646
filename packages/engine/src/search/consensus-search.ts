import { tanimoto } from '@molsearch/chem';
import type { ElectrostaticForm } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { FINGERPRINT_BYTES } from '../format/catalogue-format.ts';
import { EngineError, throwIfAborted } from '../format/engine-error.ts';
import { sortHits } from '../format/hit-order.ts';
import type { SearchQuality } from '../format/search-types.ts';
import type { KernelKind } from '../morgan/common-bits-kernel.ts';
import { fingerprintView } from '../morgan/fingerprint-memory.ts';
import { fingerprintColumn } from '../morgan/morgan-column.ts';
import type { MorganQuery } from '../morgan/morgan-query.ts';
import { morganScan } from '../morgan/morgan-scan.ts';
import type { ScanPool } from '../morgan/scan-pool.ts';
import { STAGE2_CANDIDATES } from '../shape/grid-candidates.ts';
import { rescoreComponents, rowModels } from '../shape/rescore-pool.ts';
import { candidateSources, catalogueElectrostaticForm, keepMasked, stage1Union } from '../shape/shape-search.ts';
import type { CandidateSource, ThreeDSearchOptions } from '../shape/shape-search.ts';
import type { ShapeQuery } from '../shape/shape-query.ts';
import { consensusReferenceRows, referenceKey } from './reference-sample.ts';
import { consensusReference, consensusScore } from './score-fusion.ts';
import type { ReferenceScores } from './score-fusion.ts';

export interface ConsensusSearchOptions extends ThreeDSearchOptions {
  /** Stage 1's Morgan scan on these workers; without one on the calling thread. */
  scanPool?: ScanPool;
  kernel?: KernelKind;
  /**
   * The catalogue is one part of several: every candidate scored is returned, whatever the threshold and
   * limit, with the reference sample's scores, so that the parts' hits are fused once their samples are
   * merged into the whole catalogue's (merge-hits.ts).
   */
  asPart?: boolean;
}

/** Consensus hits: best first, the fused similarity and the three exact scores it was fused from. */
export interface ConsensusHits {
  rows: Uint32Array;
  similarities: Float64Array;
  components: { morgan: Float64Array; shape: Float64Array; electrostatic: Float64Array };
  /** With `asPart`: the reference sample's keys and exact scores. */
  reference?: ReferenceScores;
}

/** Candidates a consensus search takes from each of its three sources at `quality`: a third of the quality's. */
export function consensusShare(quality: SearchQuality): number {
  return Math.ceil(STAGE2_CANDIDATES.consensus[quality] / 3);
}

/**
 * The 3D stage-1 rankings of a consensus search, a third of the quality's candidates each: the shape stage 1,
 * and the electrostatic stage 1 ranked as the electrostatic search ranks it (shape-search.ts candidateSources).
 * Ranking that third by the mean of the shape and charge estimates rather than by the charges alone raised
 * fast consensus recall@30 at the 100,000 real Chemspace rows (MMFF94 models at pH 7.4, 10 drug queries) from
 * 0.937 (min 0.60) to 0.943 (min 0.70) (`npm run bench -- engine-3d --methods consensus --queries 10`).
 */
export function consensusSources(form: ElectrostaticForm, quality: SearchQuality): CandidateSource[] {
  const share = consensusShare(quality);
  return [{ method: 'espsim_shape', wanted: share }, ...candidateSources('espsim_electrostatic', form, share)];
}

/**
 * The consensus method in one catalogue. Stage 1 takes a third of the quality's candidates from each
 * method: the exact Morgan top (BitBound), the shape stage 1 and the electrostatic stage 1, so a molecule
 * that only one score finds is still a candidate. Stage 2 scores every candidate and the reference rows
 * exactly by all three (one alignment gives both 3D scores), and fuses each candidate's three scores
 * (score-fusion.ts). Rows without a 3D model have no consensus score and are left out.
 */
export async function consensusSearch(catalogue: Catalogue, morgan: MorganQuery, shape: ShapeQuery, options: ConsensusSearchOptions): Promise<ConsensusHits> {
  const columns = catalogue.shape;
  if (!columns) throw new EngineError('METHOD_UNAVAILABLE', `Catalogue ${catalogue.id} has no 3D index for consensus: re-import it with 3D columns (molsearch import --3d).`);
  const electrostaticForm = catalogueElectrostaticForm(catalogue);
  const share = consensusShare(options.quality);
  const fingerprints = await fingerprintColumn(catalogue);
  const morganTop = await morganScan(fingerprints, catalogue.version, morgan.fingerprint, {
    limit: share,
    threshold: 0,
    ...(options.mask ? { mask: options.mask } : {}),
    kernel: options.kernel,
    pool: options.scanPool,
    signal: options.signal,
  });
  const from3d = await stage1Union(catalogue, shape, consensusSources(electrostaticForm, options.quality), options.quality, options.gridPool);
  throwIfAborted(options.signal, 'The search');
  const candidates = Uint32Array.from(new Set([...morganTop.rows, ...keepMasked(from3d, options.mask)])).filter((row) => columns.model(row).byteLength > 0).sort();
  const reference = consensusReferenceRows(catalogue);
  const scored = [...reference, ...candidates];
  const threeD = await rescoreComponents(shape.model, rowModels(columns, scored), {
    electrostaticForm,
    pool: options.pool,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  const view = fingerprintView(fingerprints);
  const morganScores = Float64Array.from(scored, (row) => tanimoto(morgan.fingerprint, view.subarray(row * FINGERPRINT_BYTES, (row + 1) * FINGERPRINT_BYTES)));
  const sample = { morgan: morganScores.slice(0, reference.length), shape: threeD.shape.slice(0, reference.length), electrostatic: threeD.electrostatic.slice(0, reference.length) };
  const references = consensusReference(electrostaticForm, sample);
  const kept: number[] = [];
  const fused: number[] = [];
  const at = new Map<number, number>();
  candidates.forEach((row, i) => {
    const j = reference.length + i;
    const similarity = consensusScore(references, { morgan: morganScores[j]!, shape: threeD.shape[j]!, electrostatic: threeD.electrostatic[j]! });
    // NaN: no 3D score (the model could not be scored), left out as the 3D methods leave it out.
    if (similarity >= (options.asPart ? 0 : options.threshold)) {
      kept.push(row);
      fused.push(similarity);
      at.set(row, j);
    }
  });
  const sorted = sortHits(kept, fused);
  const limit = options.asPart ? sorted.rows.length : options.limit;
  const rows = sorted.rows.subarray(0, limit);
  const component = (scores: Float64Array): Float64Array => Float64Array.from(rows, (row) => scores[at.get(row)!]!);
  return {
    rows,
    similarities: sorted.similarities.subarray(0, limit),
    components: { morgan: component(morganScores), shape: component(threeD.shape), electrostatic: component(threeD.electrostatic) },
    ...(options.asPart ? { reference: { form: electrostaticForm, keys: Float64Array.from(reference, (row) => referenceKey(catalogue.compoundId(row))), ...sample } } : {}),
  };
}
