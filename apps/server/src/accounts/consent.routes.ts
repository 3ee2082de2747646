import { CONSENT_MESSAGES, consentBody } from '@molsearch/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../http/app-error.ts';
import { accountBodyLimit, parseJsonBody } from '../http/json-body.ts';
import type { ProfileService } from './profile.service.ts';

/** The consent modal's save: an e-mail address and two consents, on the caller's (usually anonymous) account. */
export function consentRoutes(profiles: ProfileService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/consent', accountBodyLimit, async (c) => {
    const principal = c.get('principal');
    const body = await parseJsonBody(c, consentBody);
    if (!principal.userId || principal.via !== 'session') throw new AppError('NOT_AUTHENTICATED', { message: CONSENT_MESSAGES.noSession });
    await profiles.saveConsent(principal.userId, body, principal.address);
    c.get('log').info('consent saved', { contact: body.contact_consent, newsletter: body.newsletter_consent });
    return c.json({ ok: true });
  });
  return routes;
}
