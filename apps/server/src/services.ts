import type { CatalogueService } from './catalogue.service.ts';
import type { DownloadService } from './download.service.ts';
import type { JobService } from './job.service.ts';
import type { ResultService } from './result.service.ts';

/** The services routes call; built once at start-up. */
export interface Services {
  catalogues: CatalogueService;
  jobs: JobService;
  results: ResultService;
  downloads: DownloadService;
}
