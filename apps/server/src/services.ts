import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { accountPrincipal } from './accounts/account-principal.middleware.ts';
import { accountPromotionRoutes } from './accounts/account-promotion.routes.ts';
import type { AccountPromotionService } from './accounts/account-promotion.service.ts';
import type { AccountsConfig } from './accounts/accounts.config.ts';
import { apiKeyRoutes } from './accounts/api-key.routes.ts';
import type { ApiKeyService } from './accounts/api-key.service.ts';
import { AUTH_BASE_PATH, trustedOrigins } from './accounts/auth.ts';
import type { Auth } from './accounts/auth.ts';
import { authRoutes } from './accounts/auth.routes.ts';
import { consentRoutes } from './accounts/consent.routes.ts';
import type { OwnershipRepository } from './accounts/ownership.repository.ts';
import { profileRoutes } from './accounts/profile.routes.ts';
import type { ProfileService } from './accounts/profile.service.ts';
import type { CatalogueService } from './catalogues/catalogue.service.ts';
import { databaseRoutes } from './catalogues/database.routes.ts';
import { depictRoutes } from './catalogues/depict.routes.ts';
import { propertiesRoutes } from './catalogues/properties.routes.ts';
import { docsRoutes } from './docs/docs.routes.ts';
import { downloadRoutes } from './downloads/download.routes.ts';
import type { DownloadService } from './downloads/download.service.ts';
import { createApp } from './http/app.ts';
import type { AppEnv } from './http/app-env.ts';
import { csrfGuard } from './http/csrf.middleware.ts';
import type { Logger } from './http/logger.ts';
import { RateLimiter, rateLimit } from './http/rate-limit.middleware.ts';
import type { RateLimits } from './http/rate-limit.middleware.ts';
import type { VisitorIds } from './http/visitor-id.ts';
import type { JobService } from './search/job.service.ts';
import type { ResultService } from './search/result.service.ts';
import { searchRoutes } from './search/search.routes.ts';
import { batchRoutes } from './search/batch.routes.ts';
import type { BatchService } from './search/batch.service.ts';
import { trackingRoutes } from './tracking/tracking.routes.ts';
import type { TrackingService } from './tracking/tracking.service.ts';

/** The services routes call; built once at start-up. */
export interface Services {
  catalogues: CatalogueService;
  jobs: JobService;
  results: ResultService;
  /** Batch searches; an app built without them answers their routes as unknown. */
  batches?: BatchService;
  downloads: DownloadService;
  tracking: TrackingService;
  accounts: AccountServices;
}

/** Sign-in, profiles and API keys. */
export interface AccountServices {
  auth: Auth;
  config: AccountsConfig;
  apiKeys: ApiKeyService;
  profiles: ProfileService;
  ownership: OwnershipRepository;
  promotion: AccountPromotionService;
}

export interface ApiAppOptions {
  version: string;
  rateLimiting: boolean;
  /** How many visitors' allowance one client address gets in all. */
  visitorsPerAddress: number;
  maxBodyBytes: number;
  webDir: string | undefined;
  visitorIds: VisitorIds;
  /** Where calls are counted; in this process's memory by default. */
  limiter?: RateLimiter;
}

/** Every domain's routes behind the shared guards, in the HTTP application. */
export function createApiApp(services: Services, logger: Logger, options: ApiAppOptions): Hono<AppEnv> {
  const { accounts } = services;
  const limits: RateLimits = { limiter: options.limiter ?? new RateLimiter(), enabled: options.rateLimiting, visitorsPerAddress: options.visitorsPerAddress };
  const { limiter } = limits;
  const principal = accountPrincipal(accounts);
  const guards: MiddlewareHandler<AppEnv>[] = [
    // better-auth reads its own session; everything else learns here who the account is.
    (c, next) => (c.req.path.startsWith(`${AUTH_BASE_PATH}/`) ? next() : principal(c, next)),
    csrfGuard((request) => trustedOrigins(accounts.config, request)),
    rateLimit(limits, 'requests'),
  ];

  const api = new Hono<AppEnv>();
  api.route('/', authRoutes({ auth: accounts.auth, accounts: accounts.config, limiter, ownership: accounts.ownership }));
  api.route('/', profileRoutes(accounts.auth, accounts.profiles));
  api.route('/', accountPromotionRoutes({ promotion: accounts.promotion, limiter, attemptsPerMinute: accounts.config.signInAttemptsPerMinute }));
  api.route('/', apiKeyRoutes(accounts.apiKeys));
  api.route('/', consentRoutes(accounts.profiles));
  api.route('/', trackingRoutes(services.tracking));
  api.route('/', searchRoutes({ jobs: services.jobs, results: services.results, limits }));
  if (services.batches) api.route('/', batchRoutes({ batches: services.batches, limits }));
  api.route('/', downloadRoutes({ downloads: services.downloads, maxBodyBytes: options.maxBodyBytes, limits }));
  api.route('/', databaseRoutes({ catalogues: services.catalogues, jobs: services.jobs }));
  api.route('/', propertiesRoutes());
  api.route('/', docsRoutes(options.version));

  return createApp({
    logger,
    visitorIds: options.visitorIds,
    secureCookies: accounts.config.publicUrl?.startsWith('https://') ?? false,
    // Before the request budget: a results grid draws dozens of cached molecules at once.
    openRoutes: depictRoutes(),
    guards,
    api,
    webDir: options.webDir,
  });
}
