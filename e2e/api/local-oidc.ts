import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { memoryAdapter, signingKeys } from './local-oidc-store.ts';

export interface LocalOidc {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sets the molsearch callback the provider accepts (known only once the server runs). */
  register(redirectUri: string): void;
  /** How each call of the token endpoint carried the client's credentials. */
  tokenRequests: { basicAuthorization: boolean; formEncoded: boolean }[];
  close(): Promise<void>;
}

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
}

export const OIDC_USER: OidcUser = { sub: 'dave-0001', email: 'dave@example.org', name: 'Dave Example' };

/** The server settings that point a provider's sign-in (GOOGLE or LINKEDIN) at this local one. */
export function oidcEnv(provider: 'GOOGLE' | 'LINKEDIN', oidc: LocalOidc): Record<string, string> {
  return {
    [`${provider}_CLIENT_ID`]: oidc.clientId,
    [`${provider}_CLIENT_SECRET`]: oidc.clientSecret,
    [`${provider}_DISCOVERY_URL`]: oidc.discoveryUrl,
  };
}

export interface LocalOidcOptions {
  /** The one user the provider signs in. */
  user?: OidcUser;
  /**
   * How the client must authenticate at the token endpoint: Google accepts HTTP Basic, LinkedIn takes the
   * secret in the form body only. The provider refuses any other method than the registered one.
   */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
}

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port. Its login and consent pages are
 * replaced by an interaction handler that signs in the user (OIDC_USER unless given) and grants what
 * the client asked for.
 */
export async function startLocalOidc(options: LocalOidcOptions = {}): Promise<LocalOidc> {
  const user = options.user ?? OIDC_USER;
  const tokenRequests: LocalOidc['tokenRequests'] = [];
  const clientId = 'molsearch-test';
  const clientSecret = `oidc-client-secret-${Math.random().toString(36).slice(2)}-value`;
  let provider: Provider | undefined;
  const server = createServer((req, res) => {
    void (async () => {
      if (!provider) {
        res.statusCode = 503;
        res.end();
        return;
      }
      if (req.url?.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          await provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
          return;
        }
        const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
        const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return;
      }
      if (req.method === 'POST' && req.url?.startsWith('/token')) {
        tokenRequests.push({ basicAuthorization: /^Basic /i.test(req.headers.authorization ?? ''), formEncoded: (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') });
      }
      provider.callback()(req, res);
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    tokenRequests,
    register(redirectUri) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_basic',
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: (_ctx, sub) => ({
          accountId: sub,
          claims: () => ({ sub, email: user.email, email_verified: true, name: user.name }),
        }),
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        pkce: { required: () => false },
        // Lifetimes set rather than defaulted: the provider prints a notice for every default it falls back on.
        ttl: { AccessToken: 3600, AuthorizationCode: 60, Grant: 3600, IdToken: 3600, Interaction: 600, Session: 3600 },
        cookies: { keys: ['local-oidc-cookie-key'] },
        adapter: memoryAdapter(),
        jwks: signingKeys(),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
