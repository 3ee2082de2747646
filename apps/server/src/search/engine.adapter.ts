import {
  EngineError,
  alignedHitMolblocks,
  catalogueChargeModel,
  closeSearchPool,
  listCatalogues,
  openCatalogue,
  queryConformerMolblock,
  queryInOneFrame,
  readyCatalogue,
  rescorePool,
  search,
  shapeQuery,
  warmUpSearch,
} from '@molsearch/engine';
import type { Catalogue, CatalogueConfig, ShapeQuery, WarmUp } from '@molsearch/engine';
import { readCatalogueConfig } from './catalogue-config.ts';
import { failureReason } from './engine-failure.ts';
import type { CatalogueReadiness, CatalogueRows, CatalogueSummary, PoseAligner, PropertyValue, SearchEngine } from './search-engine.ts';

export interface EngineAdapterOptions {
  dataDir: string;
  /** config/catalogues.json; without the file, imported catalogues are listed under their ids. */
  catalogueConfig: string;
  searchThreads: number;
}

/** The server's SearchEngine on @molsearch/engine: catalogues under `<dataDir>/catalogues`, described by the config file. */
export function createEngineAdapter(options: EngineAdapterOptions): SearchEngine {
  const readConfig = (): Promise<CatalogueConfig> => readCatalogueConfig(options.catalogueConfig);

  return {
    async listCatalogues(): Promise<CatalogueSummary[]> {
      const infos = await listCatalogues(options.dataDir, await readConfig());
      // Configured databases not yet imported are left out; a damaged or outdated one is listed with its problem.
      return infos
        .filter((info) => info.imported || info.problem !== undefined)
        .map((info) => ({
          id: info.id,
          displayName: info.displayName,
          vendor: info.vendor.name,
          website: info.website || info.vendor.website,
          email: info.orderEmail ?? 'N/A',
          // Which charge model built the 3D columns, so a database built with an older one says so.
          description: info.chargeModel ? `${info.description}${info.description ? ' ' : ''}${info.chargeModel.description}.` : info.description,
          badges: info.badges,
          count: info.count,
          ...(info.created ? { importedAt: info.created } : {}),
          ...(info.problem === undefined ? {} : { unavailable: failureReason(new EngineError(info.problemCode ?? 'CATALOGUE_CORRUPT', info.problem), [info.id]) }),
        }));
    },

    async poseAligner(querySmiles, method): Promise<PoseAligner | undefined> {
      if (method === 'morgan') return undefined;
      // The query is built once per download and charge model, as the search built it for each catalogue.
      // Its conformers are superposed on the first, so every pose lies in one frame a file can start with.
      const queries = new Map<string, Promise<ShapeQuery>>();
      const queryFor = async (database: string): Promise<{ query: ShapeQuery; catalogue: Catalogue } | undefined> => {
        const catalogue = await openCatalogue(options.dataDir, database);
        if (!catalogue.manifest.shape) return undefined;
        const model = catalogueChargeModel(catalogue.manifest.shape);
        const key = `${model.charges}/${model.protonation}`;
        if (!queries.has(key)) queries.set(key, shapeQuery(querySmiles, undefined, model).then(queryInOneFrame));
        return { query: await queries.get(key)!, catalogue };
      };
      return {
        async molblocks(database, rows, titles, onProgress) {
          const found = await queryFor(database);
          if (!found) return rows.map(() => undefined);
          return alignedHitMolblocks(found.query, method, found.catalogue, rows, { titles, pool: rescorePool(options.searchThreads), onProgress });
        },
        async queryMolblock(database, title) {
          const found = await queryFor(database);
          return found && queryConformerMolblock(found.query, title);
        },
      };
    },

    async readRows(database: string, rows: ArrayLike<number>, withProperties: boolean): Promise<CatalogueRows> {
      const catalogue = await openCatalogue(options.dataDir, database);
      const smiles: string[] = [];
      const ids: string[] = [];
      const properties: Record<string, PropertyValue[]> = {};
      if (withProperties) for (const property of catalogue.manifest.properties) properties[property.key] = [];
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        smiles.push(catalogue.smiles(row));
        ids.push(catalogue.compoundId(row));
        if (withProperties) {
          const values = catalogue.properties(row);
          for (const key of Object.keys(properties)) properties[key]!.push(readable(values[key]));
        }
      }
      return { smiles, ids, properties };
    },

    search: (request, searchOptions) => search(request, { ...searchOptions, dataDir: options.dataDir, threads: options.searchThreads }),

    async readyCatalogues(signal): Promise<CatalogueReadiness> {
      const readiness: CatalogueReadiness = { ready: [], failed: [] };
      // Those the listing finds unusable (damaged, of an older format) are not imported as far as it is concerned,
      // and say why when listed or searched.
      const usable = (await listCatalogues(options.dataDir, await readConfig())).filter((info) => info.imported);
      for (const { id } of usable) {
        if (signal.aborted) break;
        try {
          await readyCatalogue(options.dataDir, id);
          readiness.ready.push(id);
        } catch (error) {
          readiness.failed.push({ database: id, error });
        }
      }
      return readiness;
    },

    async warmUp(ready, signal): Promise<WarmUp | undefined> {
      return warmUpSearch(await Promise.all(ready.map((id) => openCatalogue(options.dataDir, id))), options.searchThreads, signal);
    },

    close: () => closeSearchPool(),
  };
}

/** Numeric columns are stored as float32: 258.342 would read 258.3420104980469 without rounding to its precision. */
export function readable(value: PropertyValue | undefined): PropertyValue {
  if (value === undefined) return null;
  if (typeof value === 'number' && !Number.isInteger(value)) return Number(value.toPrecision(7));
  return value;
}
