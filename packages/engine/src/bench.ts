/**
 * What the benchmarks measure beyond the public entry (index.ts): the Morgan kernels and scan, stage 1
 * and re-scoring of the 3D searches, and the per-molecule 3D preparation. Not for the apps.
 */
export { encodedShapeModel, CATALOGUE_SHAPE, QUERY_SHAPE } from './features/shape-features.ts';
export type { ShapeBuildOptions } from './features/shape-features.ts';
export type { CommonBitsKernel, KernelKind } from './morgan/common-bits-kernel.ts';
export { MAX_FINGERPRINTS, allocateFingerprintMemory, fileColumn, fingerprintView, popcountStartsOf } from './morgan/fingerprint-memory.ts';
export type { FingerprintColumn } from './morgan/fingerprint-memory.ts';
export { morganScan } from './morgan/morgan-scan.ts';
export { writeFoldBitsOf } from './format/fold-bits-file.ts';
export { createScanPool } from './morgan/scan-pool.ts';
export type { ScanPool } from './morgan/scan-pool.ts';
export { createKernel } from './morgan/select-kernel.ts';
export { foldFingerprints } from './morgan/wasm-kernel.ts';
export { ESP_SHAPE_ESTIMATE, STAGE2_CANDIDATES, STAGE1_QUERY_CONFORMERS, STAGE1_REFINED_PAIRS, STAGE1_SHAPE_SHIFTS, bestRows, columnScores, rankRows, stage1Candidates, stage1Scores } from './shape/grid-candidates.ts';
export { BUILD_HERE, candidateColumn } from './shape/grid-columns.ts';
export { columnMemory } from './shape/column-memory.ts';
export { CHARGE_PROBE_SHARE, STAGE1_INDEX_PROBE, indexCandidates, scansCatalogue, volumeScanProbe } from './shape/index-candidates.ts';
export { writeIndexGraph } from './import/index-graph-writer.ts';
export { viewShapeIndex } from './format/shape-index-file.ts';
export { LEGACY_CHARGE_MODEL } from './features/charge-model.ts';
export { shapeSearch } from './shape/shape-search.ts';
export { createGridPool, poolBuilder, poolRunner } from './shape/grid-pool.ts';
export type { PreparedBatch } from './features/prepared-batch.ts';
export { prepareMolecules } from './features/prepare-molecules.ts';
export type { InputMolecule, PrepareRequest } from './features/prepare-molecules.ts';
export { createRescorePool, rescoreComponents, rescoreModels } from './shape/rescore-pool.ts';
export { scoreModels } from './shape/rescore-models.ts';
export { packBytes } from './format/packed-bytes.ts';
export { bestOfSources, candidateSources, catalogueElectrostaticForm, probesCharges, stage1Union } from './shape/shape-search.ts';
export { consensusShare, consensusSources } from './search/consensus-search.ts';
export { drawReferenceRows } from './search/reference-sample.ts';
export type { RescorePool } from './shape/rescore-pool.ts';
export { queryIndexVectors, rowFrame, rowIndexVector } from './features/index-vector.ts';
export { principalCoordinates } from './features/pose-grid.ts';
export { INDEX_BITS, INDEX_WALK, SHAPE_INDEX_FILES, VOLUME_GRAPH } from './format/shape-index-layout.ts';
export { INDEX_VECTOR_BYTES } from './format/shape-index-vectors.ts';
export { CHARGE_GRAPH, CHARGE_INDEX_FILE } from './format/charge-index-layout.ts';
export { catalogueGridRow, heavyAtomGrids, modelGrids } from './features/pose-grid.ts';
export { COARSE_GRID_BYTES, GRID_BYTES, GRID_SLOTS } from './format/grid-layout.ts';
