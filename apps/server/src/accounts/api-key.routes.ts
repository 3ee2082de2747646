import { API_KEY_MESSAGES, MAX_API_KEYS, createApiKeyBody, updateApiKeyBody } from '@molsearch/api';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { AppError } from '../http/app-error.ts';
import type { ApiKeyService } from './api-key.service.ts';
import { accountBodyLimit, parseJsonBody } from '../http/json-body.ts';

const KEY_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Only a registered account signed in with its session manages keys (not an anonymous one, not a key). */
export function registeredUser(c: Context<AppEnv>): string {
  const principal = c.get('principal');
  if (!principal.userId || principal.anonymous || principal.via !== 'session') {
    throw new AppError('NOT_AUTHENTICATED', { message: API_KEY_MESSAGES.notAuthenticated });
  }
  return principal.userId;
}

function keyId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!KEY_ID.test(id)) throw new AppError('API_KEY_NOT_FOUND');
  return id;
}

/** The API Key Management dialog's calls; every one is limited to the caller's own keys. */
export function apiKeyRoutes(apiKeys: ApiKeyService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/api-keys', async (c) => c.json({ keys: await apiKeys.list(registeredUser(c)), limit: MAX_API_KEYS }));

  routes.post('/api-keys', accountBodyLimit, async (c) => {
    const userId = registeredUser(c);
    const key = await apiKeys.create(userId, await parseJsonBody(c, createApiKeyBody));
    c.get('log').info('api key created', { api_key_id: key.api_key_id });
    return c.json({ key }, 201);
  });

  routes.patch('/api-keys/:id', accountBodyLimit, async (c) => {
    const userId = registeredUser(c);
    const id = keyId(c);
    return c.json({ key: await apiKeys.update(userId, id, await parseJsonBody(c, updateApiKeyBody)) });
  });

  routes.delete('/api-keys/:id', async (c) => {
    const userId = registeredUser(c);
    const id = keyId(c);
    await apiKeys.remove(userId, id);
    c.get('log').info('api key deleted', { api_key_id: id });
    return c.json({ ok: true });
  });

  return routes;
}
