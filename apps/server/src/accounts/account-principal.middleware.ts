import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env.ts';
import { carriesSessionCookie, presentedApiKey } from '../http/credentials.ts';
import { AppError } from '../http/app-error.ts';
import type { ApiKeyService } from './api-key.service.ts';
import { tierOf } from './api-key.service.ts';
import type { Auth } from './auth.ts';
import type { Principal } from '../http/principal.ts';
import type { ProfileService } from './profile.service.ts';

/**
 * Replaces the visitor principal with the account behind an API key or a session cookie. A key that is
 * wrong, expired or deleted is refused (401) rather than quietly treated as a visitor, so a script
 * learns at once that its key stopped working.
 */
export function accountPrincipal(options: { auth: Auth; apiKeys: ApiKeyService; profiles: ProfileService }) {
  const { auth, apiKeys, profiles } = options;
  return createMiddleware<AppEnv>(async (c, next) => {
    const visitor = c.get('principal');
    const address = c.env?.incoming?.socket?.remoteAddress;
    const base: Principal = address ? { ...visitor, address } : visitor;
    const key = presentedApiKey(c.req.raw.headers);
    if (key !== undefined) {
      const owner = await apiKeys.authenticate(key);
      if (!owner) throw new AppError('UNAUTHORIZED');
      c.set('principal', { ...base, id: `user:${owner.userId}`, kind: 'user', tier: owner.tier, rateKey: `user:${owner.userId}`, userId: owner.userId, via: 'api-key' });
    } else if (carriesSessionCookie(c.req.raw.headers)) {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      const user = session?.user as { id: string; isAnonymous?: boolean | null } | undefined;
      if (user) {
        const anonymous = user.isAnonymous === true;
        const profile = anonymous ? undefined : await profiles.ensure(user.id, address);
        // A deactivated account is signed out; until its cookie is gone it counts as a visitor.
        if (anonymous || profile?.is_active === 1) {
          const tier = anonymous ? 'anonymous' : tierOf(profile!.account_type);
          c.set('principal', { ...base, id: `user:${user.id}`, kind: 'user', tier, rateKey: `user:${user.id}`, userId: user.id, anonymous, via: 'session' });
        } else c.set('principal', base);
      } else c.set('principal', base);
    } else c.set('principal', base);
    await next();
  });
}
