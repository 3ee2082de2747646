import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@molsearch/api';
import { betterAuth } from 'better-auth';
import { anonymous, genericOAuth } from 'better-auth/plugins';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { AccountsConfig, OidcProviderConfig } from './accounts.config.ts';
import type { Logger } from '../http/logger.ts';
import type { MailService } from './mail.service.ts';
import type { Store } from '../store/database.ts';

export const AUTH_BASE_PATH = '/api/auth';
export const OAUTH_PROVIDERS = ['google', 'linkedin'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];
/** Anonymous users get an address on a reserved domain (RFC 2606) that can never receive mail. */
const ANONYMOUS_EMAIL_DOMAIN = 'anonymous.molsearch.invalid';

export interface AuthDependencies {
  store: Store;
  accounts: AccountsConfig;
  secret: string;
  mail: MailService;
  logger: Logger;
  /** Moves what an anonymous user owns (searches, keys, tracking rows, profile) to the account it became. */
  transferOwnership: (fromUserId: string, toUserId: string) => Promise<void>;
}

/** The origin a request was addressed to, as the browser saw it (the Host header). */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get('host');
  return host ? `${url.protocol}//${host}` : url.origin;
}

/** Origins allowed to make cookie-authenticated changes: the server's own, the public URL's and the configured ones. */
export function trustedOrigins(accounts: AccountsConfig, request?: Request): string[] {
  const origins = [...accounts.trustedOrigins];
  if (accounts.publicUrl) origins.push(new URL(accounts.publicUrl).origin);
  if (request) origins.push(requestOrigin(request));
  return origins;
}

function oidc(providerId: OAuthProviderId, provider: OidcProviderConfig, extra: Partial<GenericOAuthConfig>): GenericOAuthConfig {
  return {
    providerId,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    discoveryUrl: provider.discoveryUrl,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    ...extra,
  };
}

/**
 * better-auth's own messages as lines of our log, the message only: its arguments can hold request data.
 * Without PUBLIC_URL it warns at start-up that no base URL is set; taking the address from each request
 * is what we intend then (createAuth), so that notice is logged at debug.
 */
export function authLogHandler(log: Logger, publicUrl: string | undefined) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string): void => {
    const intended = publicUrl === undefined && message.includes('Base URL is not set');
    log[intended ? 'debug' : level](message);
  };
}

/**
 * better-auth over our store: e-mail and password (scrypt), e-mail confirmation and recovery, anonymous
 * users that can be promoted, Google and LinkedIn through OpenID Connect discovery.
 */
export function createAuth(deps: AuthDependencies) {
  const { accounts, mail, logger } = deps;
  const log = logger.child({ component: 'auth' });
  const providers: GenericOAuthConfig[] = [];
  // Google: offline access and a consent prompt, as the product asks.
  if (accounts.google) providers.push(oidc('google', accounts.google, { accessType: 'offline', prompt: 'consent', authentication: 'basic' }));
  // LinkedIn's token endpoint takes the client secret in the form body only.
  if (accounts.linkedin) providers.push(oidc('linkedin', accounts.linkedin, { authentication: 'post' }));
  const mailConfigured = mail.configured;

  return betterAuth({
    appName: 'molsearch',
    basePath: AUTH_BASE_PATH,
    // Without a public URL the address is taken from each request, so links point where the user came from.
    ...(accounts.publicUrl ? { baseURL: accounts.publicUrl } : {}),
    secret: deps.secret,
    database: { db: deps.store.db as never, type: deps.store.kind },
    telemetry: { enabled: false },
    trustedOrigins: (request) => trustedOrigins(accounts, request),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Confirmation is required when mail can be sent; otherwise nobody could ever sign in.
      requireEmailVerification: mailConfigured,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mail.send({
          to: user.email,
          subject: 'Reset your molsearch password',
          text: `Someone asked to reset the password of your molsearch account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: mailConfigured,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mail.send({
          to: user.email,
          subject: 'Confirm your molsearch e-mail address',
          text: `Welcome to molsearch.\n\nPlease confirm your e-mail address by opening this link:\n${url}\n\nIf you did not sign up, ignore this message.\n`,
        });
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [...OAUTH_PROVIDERS] } },
    session: { expiresIn: 7 * 24 * 3600, updateAge: 24 * 3600 },
    // Sign-in throttling is ours (auth.routes.ts), counted per e-mail and per address.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'molsearch',
      useSecureCookies: accounts.publicUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    logger: { level: 'warn', log: authLogHandler(log, accounts.publicUrl) },
    plugins: [
      anonymous({
        emailDomainName: ANONYMOUS_EMAIL_DOMAIN,
        generateName: () => 'Anonymous',
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          await deps.transferOwnership(anonymousUser.user.id, newUser.user.id);
        },
      }),
      genericOAuth({ config: providers }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
