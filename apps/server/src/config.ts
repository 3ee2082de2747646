import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { AccountsConfig, OidcProviderConfig } from './accounts/accounts.config.ts';
import type { LogLevel } from './http/logger.ts';
import type { ClusterConfig } from './cluster/cluster-connection.ts';

export type { AccountsConfig, OidcProviderConfig, SmtpConfig } from './accounts/accounts.config.ts';
export type { LogLevel } from './http/logger.ts';

/** Everything the server reads from its environment, read once at start-up. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Catalogues, the SQLite file, job hit lists and download files live under here. */
  dataDir: string;
  /** Display names, vendors, badges of the catalogues; counts come from the imported indexes. */
  catalogueConfig: string;
  /** Threads a Morgan scan uses. */
  searchThreads: number;
  /** PostgreSQL when set; otherwise SQLite at `<dataDir>/molsearch.sqlite`. */
  databaseUrl: string | undefined;
  /** With NATS_URL: searches go to the search nodes (cluster/); without it, this process searches its data directory. */
  cluster?: ClusterConfig;
  /** Searches run at once; the rest wait in a queue that takes turns between callers. */
  jobConcurrency: number;
  /**
   * On PostgreSQL, where API servers may share the store: how long a server's claim on a running job (or a
   * download it builds) holds without its heartbeat before another server takes it over.
   */
  jobLeaseMs: number;
  /** Hits kept per database and search. */
  hitsPerDatabase: number;
  /** How long finished searches (and their hit lists) are kept. */
  jobRetentionMs: number;
  /** How long built download files are kept. */
  downloadRetentionMs: number;
  rateLimiting: boolean;
  /**
   * Callers without a registered account (visitors, anonymous accounts) cost nothing to make, so all of
   * them at one client address together get this many times one visitor's limits (default 10).
   */
  visitorsPerAddress: number;
  maxBodyBytes: number;
  /** Request line and headers together; a longer URL is answered 413. */
  maxHeaderBytes: number;
  /** The built web app, served from the same port when the folder exists. */
  webDir: string | undefined;
  logLevel: LogLevel;
  /** Larger molecules are refused before the chemistry toolkit sees them (default 350). */
  maxHeavyAtoms: number | undefined;
  accounts: AccountsConfig;
}

/** The repository's config/catalogues.json, wherever the server is started from. */
const DEFAULT_CATALOGUE_CONFIG = join(import.meta.dirname, '../../../config/catalogues.json');

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const onOff = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((value) => value === 'on' || value === 'true' || value === '1');
const hours = z.coerce.number().positive().transform((value) => value * 3_600_000);

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  MOLSEARCH_DATA_DIR: z.string().min(1).default('./data'),
  CATALOGUE_CONFIG: z.string().min(1).optional(),
  SEARCH_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  HITS_PER_DATABASE: z.coerce.number().int().min(1).max(100_000).default(100_000),
  JOB_RETENTION_HOURS: hours.prefault(7 * 24),
  DOWNLOAD_RETENTION_HOURS: hours.prefault(24),
  RATE_LIMITING: onOff.default(true),
  VISITORS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
  MAX_BODY_MB: z.coerce.number().positive().max(256).prefault(8).transform((mb) => Math.round(mb * 1024 * 1024)),
  MAX_HEADER_KB: z.coerce.number().int().min(8).max(1024).prefault(64).transform((kb) => kb * 1024),
  WEB_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  MAX_HEAVY_ATOMS: z.coerce.number().int().min(1).max(10_000).optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: onOff.default(false),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(3).default('molsearch <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
  LINKEDIN_DISCOVERY_URL: z.url().default('https://www.linkedin.com/oauth/.well-known/openid-configuration'),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),
  NATS_URL: z.string().regex(/^(nats|tls|wss?):\/\/\S+$/, 'must be nats:// URLs, separated by commas').optional(),
  PART_ATTEMPT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  PART_TIMEOUT_SECONDS: z.coerce.number().positive().max(86_400).default(300),
  PARTIAL_RESULTS: z.enum(['allow', 'fail']).default('allow'),
});

function oidcProvider(id: string | undefined, secret: string | undefined, discoveryUrl: string): OidcProviderConfig | undefined {
  return id && secret ? { clientId: id, clientSecret: secret, discoveryUrl } : undefined;
}

/** Command-line flags win over the environment. */
export interface ConfigOverrides {
  port?: number;
  dataDir?: string;
  webDir?: string;
}

/**
 * Reads and checks the environment. Every bad value is reported together, so one start-up
 * attempt shows everything to fix.
 */
export function loadConfig(env: Record<string, string | undefined>, overrides: ConfigOverrides = {}): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`The server cannot start; fix these settings:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const port = overrides.port ?? values.PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`The server cannot start: port ${port} is not a port number.`);
  return {
    port,
    host: values.HOST,
    dataDir: resolve(overrides.dataDir ?? values.MOLSEARCH_DATA_DIR),
    catalogueConfig: resolve(values.CATALOGUE_CONFIG ?? DEFAULT_CATALOGUE_CONFIG),
    searchThreads: values.SEARCH_THREADS,
    databaseUrl: values.DATABASE_URL,
    ...(values.NATS_URL ? { cluster: { natsUrl: values.NATS_URL, attemptMs: values.PART_ATTEMPT_SECONDS * 1000, partDeadlineMs: values.PART_TIMEOUT_SECONDS * 1000, failOnPartial: values.PARTIAL_RESULTS === 'fail' } } : {}),
    jobConcurrency: values.JOB_CONCURRENCY,
    jobLeaseMs: values.JOB_LEASE_SECONDS * 1000,
    hitsPerDatabase: values.HITS_PER_DATABASE,
    jobRetentionMs: values.JOB_RETENTION_HOURS,
    downloadRetentionMs: values.DOWNLOAD_RETENTION_HOURS,
    rateLimiting: values.RATE_LIMITING,
    visitorsPerAddress: values.VISITORS_PER_ADDRESS,
    maxBodyBytes: values.MAX_BODY_MB,
    maxHeaderBytes: values.MAX_HEADER_KB,
    webDir: overrides.webDir ?? values.WEB_DIR,
    logLevel: values.LOG_LEVEL,
    maxHeavyAtoms: values.MAX_HEAVY_ATOMS,
    accounts: {
      secret: values.BETTER_AUTH_SECRET,
      publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ''),
      trustedOrigins: (values.TRUSTED_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      smtp: values.SMTP_HOST
        ? {
            host: values.SMTP_HOST,
            port: values.SMTP_PORT,
            secure: values.SMTP_SECURE,
            user: values.SMTP_USER,
            password: values.SMTP_PASSWORD,
            from: values.SMTP_FROM,
          }
        : undefined,
      google: oidcProvider(values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET, values.GOOGLE_DISCOVERY_URL),
      linkedin: oidcProvider(values.LINKEDIN_CLIENT_ID, values.LINKEDIN_CLIENT_SECRET, values.LINKEDIN_DISCOVERY_URL),
      signInAttemptsPerMinute: values.SIGN_IN_ATTEMPTS_PER_MINUTE,
    },
  };
}
