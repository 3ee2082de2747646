import type { AccountPromotionService } from './account-promotion.service.ts';
import type { ApiKeyService } from './api-key.service.ts';
import type { Auth } from './auth.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { AccountsConfig } from './config.ts';
import type { DownloadService } from './download.service.ts';
import type { JobService } from './job.service.ts';
import type { OwnershipRepository } from './ownership.repository.ts';
import type { ProfileService } from './profile.service.ts';
import type { ResultService } from './result.service.ts';
import type { TrackingService } from './tracking.service.ts';

/** The services routes call; built once at start-up. */
export interface Services {
  catalogues: CatalogueService;
  jobs: JobService;
  results: ResultService;
  downloads: DownloadService;
  accounts: AccountServices;
}

/** Sign-in, profiles, API keys and tracking. */
export interface AccountServices {
  auth: Auth;
  config: AccountsConfig;
  apiKeys: ApiKeyService;
  profiles: ProfileService;
  tracking: TrackingService;
  ownership: OwnershipRepository;
  promotion: AccountPromotionService;
}
