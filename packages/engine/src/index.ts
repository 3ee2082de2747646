/**
 * The engine as the apps use it: read vendor files, import catalogues, list and open them, search, and
 * pose 3D hits. The benchmarks reach the internals they measure through bench.ts.
 */
export * from './format/search-types.ts';
export { EngineError } from './format/engine-error.ts';
export type { EngineErrorCode } from './format/engine-error.ts';
export { CATALOGUE_FORMAT_VERSION, CATALOGUE_ID_PATTERN } from './format/catalogue-format.ts';
export type { CatalogueManifest, ManifestFile, ManifestShape, Protonation, StoredProperty } from './format/catalogue-format.ts';
export { catalogueDir, cataloguesDir, partFolderName } from './format/catalogue-paths.ts';
export { MAX_PARTS, PART_RULE, describePart, parsePart, partOfId } from './format/catalogue-part.ts';
export type { CataloguePart } from './format/catalogue-part.ts';
export { formatFromFileName, SUPPORTED_EXTENSIONS } from './readers/file-format.ts';
export { MoleculeFileError, isRecordError } from './readers/molecule-record.ts';
export type { MoleculeFileErrorCode, MoleculeFileFormat, MoleculeRecord, ReadRecord, RecordError } from './readers/molecule-record.ts';
export { openMoleculeFile, readMolecules } from './readers/read-molecules.ts';
export type { MoleculeFile, ReadMoleculesOptions } from './readers/read-molecules.ts';
export { CATALOGUE_PROPERTIES } from './features/prepare-molecules.ts';
export { CURRENT_CHARGE_MODEL, LEGACY_CHARGE_MODEL, catalogueChargeModel, describeChargeModel, electrostaticFormFor } from './features/charge-model.ts';
export type { ChargeModel } from './features/charge-model.ts';
export { importCatalogue } from './import/import-catalogue.ts';
export type { ImportOptions, ImportProgress, ImportSummary, SkippedRow } from './import/import-catalogue.ts';
export { createPreparer } from './import/import-pool.ts';
export type { MoleculePreparer } from './import/import-pool.ts';
export { KIND_BADGES, loadCatalogueConfig, parseCatalogueConfig } from './catalogue/catalogue-config.ts';
export type { CatalogueConfig, DatabaseConfig, KindBadge, SizeBadge, VendorConfig } from './catalogue/catalogue-config.ts';
export type { Catalogue, PropertyValue, ShapeColumns } from './catalogue/catalogue-reader.ts';
export { listCatalogues } from './catalogue/list-catalogues.ts';
export type { CatalogueInfo, ListOptions } from './catalogue/list-catalogues.ts';
export { forgetCatalogues, openCatalogue, openCataloguePart } from './catalogue/open-catalogue.ts';
export { findParts, partStarts } from './catalogue/catalogue-parts.ts';
export { alignedHitMolblock, alignedHitMolblocks } from './shape/aligned-pose.ts';
export type { AlignedHitsOptions } from './shape/aligned-pose.ts';
export { hitPose } from './shape/hit-pose.ts';
export type { HitPose } from './shape/hit-pose.ts';
export type { RescorePool } from './shape/rescore-pool.ts';
export { shapeQuery } from './shape/shape-query.ts';
export type { ShapeQuery } from './shape/shape-query.ts';
export { checkSearchable, databaseHits, prepareQuery, search, searchPart } from './search/search.ts';
export type { EngineSearchOptions, PartSearchOptions, PreparedQuery } from './search/search.ts';
export { mergePartHits } from './search/merge-hits.ts';
export type { PartHits } from './search/merge-hits.ts';
export { closeSearchPool, rescorePool, searchPool } from './search/shared-pools.ts';
export { similarityHistogram } from './search/histogram.ts';
export { hitScorer } from './search/hit-scores.ts';
export type { HitScoreOptions, HitScorer, HitScorerOptions, HitScores } from './search/hit-scores.ts';
export { consensusReferenceRows } from './search/consensus-search.ts';
export { FUSION_REFERENCE_ROWS, consensusScore, rarity, rarityModel } from './search/score-fusion.ts';
export type { ComponentScores, ConsensusReference, RarityModel } from './search/score-fusion.ts';
