import { completeProfileBody, updateProfileBody } from '@molsearch/api';
import type { MeAnswer } from '@molsearch/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { deleteCookie } from 'hono/cookie';
import type { Auth } from './auth.ts';
import { accountBodyLimit, parseJsonBody } from '../http/json-body.ts';
import { profileView } from './profile.service.ts';
import type { ProfileService } from './profile.service.ts';
import { registeredUser } from './api-key.routes.ts';

/** The signed-in user with profile and roles; profile completion, edits and deactivation. */
export function profileRoutes(auth: Auth, profiles: ProfileService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/me', async (c) => {
    const principal = c.get('principal');
    if (!principal.userId || principal.via !== 'session') return c.json({ user: null } satisfies MeAnswer);
    const user = await profiles.user(principal.userId);
    if (!user) return c.json({ user: null } satisfies MeAnswer);
    const anonymous = Boolean(user.isAnonymous);
    // Anonymous users get their profile when they first give something (consent); registered ones at once.
    const profile = anonymous ? await profiles.find(user.id) : await profiles.ensure(user.id, principal.address);
    const accountType = profile?.account_type ?? 'free';
    const answer: MeAnswer = {
      user: {
        id: user.id,
        email: anonymous ? null : user.email,
        name: user.name,
        image: user.image,
        is_anonymous: anonymous,
        email_verified: Boolean(user.emailVerified),
        display_name: anonymous ? 'Anonymous' : user.name || user.email.split('@')[0]!,
        profile: profile ? profileView(profile) : null,
        account_type: accountType,
        roles: [accountType || 'free'],
      },
    };
    return c.json(answer);
  });

  routes.post('/profile/complete', accountBodyLimit, async (c) => {
    const userId = registeredUser(c);
    const body = await parseJsonBody(c, completeProfileBody);
    return c.json({ profile: await profiles.complete(userId, body, c.get('principal').address) });
  });

  routes.patch('/profile', accountBodyLimit, async (c) => {
    const userId = registeredUser(c);
    return c.json({ profile: await profiles.update(userId, await parseJsonBody(c, updateProfileBody)) });
  });

  // Soft deactivation, then every session of the account ends.
  routes.post('/profile/deactivate', accountBodyLimit, async (c) => {
    const userId = registeredUser(c);
    await profiles.deactivate(userId);
    const context = await auth.$context;
    await context.internalAdapter.deleteUserSessions(userId);
    for (const cookie of [context.authCookies.sessionToken, context.authCookies.sessionData, context.authCookies.dontRememberToken]) {
      deleteCookie(c, cookie.name, { path: '/', secure: cookie.attributes.secure === true, httpOnly: true, sameSite: 'Lax' });
    }
    c.get('log').info('account deactivated');
    return c.json({ ok: true });
  });

  return routes;
}
