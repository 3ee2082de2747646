import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_KEY_MESSAGES, CONSENT_MESSAGES, PROMOTION_MESSAGES, RATE_LIMITS } from '@molsearch/api';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createAuth } from '../../apps/server/src/accounts/auth.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createLogger } from '../../apps/server/src/http/logger.ts';
import { MailService } from '../../apps/server/src/accounts/mail.service.ts';
import { startServer } from '../../apps/server/src/server.ts';
import type { RunningServer } from '../../apps/server/src/server.ts';
import { openStore } from '../../apps/server/src/store/database.ts';
import type { Store } from '../../apps/server/src/store/database.ts';
import { createScratchDatabase } from '../../apps/server/src/store/scratch-postgres.ts';
import { BrowserClient } from './browser-client.ts';
import { OIDC_USER, oidcEnv, startLocalOidc } from './local-oidc.ts';
import type { LocalOidc, OidcUser } from './local-oidc.ts';
import { linkIn, smtpEnv, startLocalSmtp } from './local-smtp.ts';
import { freshDataDir, removeTestCatalogues } from './server-process.ts';

const UNAUTHORIZED = 'Unauthorized. Please check your API key. You may refresh it by logging out and signing in again.';
const SECRET = 'accounts-test-secret-0123456789-abcdefghijklmnop';
const DAY_MS = 86_400_000;
const LINKEDIN_USER: OidcUser = { sub: 'lena-0002', email: 'lena@example.org', name: 'Lena LinkedIn' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Json = Record<string, unknown>;
interface KeyView extends Json {
  api_key_id: string;
  key_name: string;
  usage_count: number;
  last_used_at: string | null;
  key_prefix: string;
  key_suffix: string;
}

afterAll(() => removeTestCatalogues());

describe.each(['sqlite', 'postgres'] as const)('accounts, API keys and tracking on %s', (kind) => {
  let server: RunningServer;
  let url: string;
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let oidc: LocalOidc;
  /** A second provider that, like LinkedIn, takes the client secret in the token request's body only. */
  let linkedin: LocalOidc;
  let cleanup: () => Promise<void>;
  /** A second connection to the server's store, to look at the rows it wrote. */
  let store: Store;
  let clockOffset = 0;
  const logLines: string[] = [];
  /** Every value that must never appear in an answer or a log line. */
  const secrets = new Set<string>([SECRET]);
  const answers: string[] = [];

  async function record<T>(call: Promise<{ status: number; body: T; headers: Headers }>): Promise<{ status: number; body: T; headers: Headers }> {
    const answer = await call;
    answers.push(JSON.stringify(answer.body));
    return answer;
  }

  async function registeredUser(email: string, password: string, name: string, from?: BrowserClient): Promise<BrowserClient> {
    const browser = from ?? new BrowserClient(url);
    secrets.add(password);
    const signUp = await record(browser.json('/api/auth/sign-up/email', { method: 'POST', json: { email, password, name, callbackURL: '/auth/callback' } }));
    expect(signUp.status).toBe(200);
    const mail = await smtp.waitFor(email);
    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe('/api/auth/verify-email');
    const verified = await browser.fetch(link.pathname + link.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/auth/callback');
    return browser;
  }

  /** Follows a provider sign-in like a browser: molsearch -> provider (login, consent) -> molsearch callback. */
  async function signInWith(browser: BrowserClient, providerId: 'google' | 'linkedin', provider: LocalOidc): Promise<Response> {
    const started = await browser.json<{ url: string; redirect: boolean }>('/api/auth/sign-in/oauth2', { method: 'POST', json: { providerId, callbackURL: '/auth/callback' } });
    expect(started.status).toBe(200);
    let next = new URL(started.body.url);
    expect(next.origin).toBe(provider.issuer);
    // The provider's own cookies, kept like a browser would.
    const atProvider = new BrowserClient(provider.issuer, null);
    for (let hop = 0; hop < 10; hop++) {
      if (next.origin !== provider.issuer) {
        expect(next.pathname).toBe(`/api/auth/callback/${providerId}`);
        return browser.fetch(next.pathname + next.search);
      }
      const response = await atProvider.fetch(next.pathname + next.search);
      expect([302, 303]).toContain(response.status);
      next = new URL(response.headers.get('location')!, provider.issuer);
    }
    throw new Error(`the ${providerId} sign-in did not return to molsearch`);
  }

  /** better-auth's account rows of a user (its sign-in methods); the table is not in our store schema. */
  async function accountsOf(userId: string): Promise<{ providerId: string; accountId: string; password: string | null }[]> {
    const rows = await sql<{ providerId: string; accountId: string; password: string | null }>`SELECT "providerId", "accountId", "password" FROM "account" WHERE "userId" = ${userId}`.execute(store.db);
    return rows.rows;
  }

  async function finishedJob(browser: BrowserClient, headers: Record<string, string> = {}): Promise<string> {
    const submitted = await browser.json<{ job_name: string }>('/api/submit_molsearch?search_input=c1ccccc1O&search_type=morgan&search_quality=fast&db_names=ENAMINE-REAL', { headers });
    expect(submitted.status).toBe(200);
    for (;;) {
      const status = await browser.json<{ status: string }>(`/api/job_status?job_name=${submitted.body.job_name}`, { headers });
      if (status.body.status === 'SUCCESS') return submitted.body.job_name;
      if (status.body.status === 'FAILED') throw new Error('the search failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function readyDownload(browser: BrowserClient, jobName: string, headers: Record<string, string> = {}): Promise<string> {
    const prepared = await browser.json(`/api/prepare_download?job_name=${jobName}&file_format=csv`, { method: 'POST', headers });
    expect(prepared.status).toBe(200);
    for (;;) {
      const link = await browser.json<{ status: string; download_link: string }>(`/api/get_download_link?job_name=${jobName}&file_format=csv&download_suff=all`, { headers });
      expect(link.status).toBe(200);
      if (link.body.status === 'READY') return link.body.download_link;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    const data = await freshDataDir();
    let drop: (() => Promise<void>) | undefined;
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase();
      databaseUrl = scratch.url;
      drop = scratch.drop;
    }
    smtp = await startLocalSmtp();
    oidc = await startLocalOidc();
    linkedin = await startLocalOidc({ user: LINKEDIN_USER, tokenEndpointAuthMethod: 'client_secret_post' });
    secrets.add(oidc.clientSecret);
    secrets.add(linkedin.clientSecret);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    oidc.register(`${url}/api/auth/callback/google`);
    linkedin.register(`${url}/api/auth/callback/linkedin`);
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      MOLSEARCH_DATA_DIR: data.dir,
      DATABASE_URL: databaseUrl,
      SEARCH_THREADS: '1',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: url,
      BETTER_AUTH_SECRET: SECRET,
      ...smtpEnv(smtp.port),
      ...oidcEnv('GOOGLE', oidc),
      ...oidcEnv('LINKEDIN', linkedin),
      SIGN_IN_ATTEMPTS_PER_MINUTE: '5',
    });
    const logger = createLogger('debug', (line) => logLines.push(line));
    server = await startServer(config, { logger, now: () => Date.now() + clockOffset });
    store = await openStore({ dataDir: data.dir, databaseUrl });
    cleanup = async () => {
      await store.close();
      await data.remove();
      await drop?.();
    };
  });

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await oidc?.close();
    await linkedin?.close();
    await cleanup?.();
  });

  let alice: BrowserClient;
  let bob: BrowserClient;
  let anonymousJob: string;
  let aliceKey: string;
  let aliceKeyId: string;

  it('gives a visitor an anonymous account with httpOnly, SameSite=Lax session cookies', async () => {
    alice = new BrowserClient(url);
    const anonymous = await record(alice.json<{ user: { isAnonymous: boolean } }>('/api/auth/sign-in/anonymous', { method: 'POST', json: {} }));
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.user.isAnonymous).toBe(true);
    const session = alice.setCookies.find((cookie) => cookie.startsWith('molsearch.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//i);
    // Served over plain http here, so not Secure (see the https case below).
    expect(session).not.toMatch(/; Secure/i);
    secrets.add(alice.cookies.get('molsearch.session_token')!);
    const me = await record(alice.json<{ user: { is_anonymous: boolean; email: string | null } }>('/api/me'));
    expect(me.body.user).toMatchObject({ is_anonymous: true, email: null });
  });

  it('moves the searches a visitor made before getting an anonymous account into that account', async () => {
    const visitor = new BrowserClient(url);
    const job = await finishedJob(visitor);
    expect(visitor.cookies.has('molsearch_visitor')).toBe(true);
    expect((await visitor.json('/api/auth/sign-in/anonymous', { method: 'POST', json: {} })).status).toBe(200);
    expect((await visitor.json<{ status: string }>(`/api/job_status?job_name=${job}`)).body.status).toBe('SUCCESS');
    // Now private to the account.
    expect((await new BrowserClient(url).json(`/api/job_status?job_name=${job}`)).status).toBe(404);
  });

  it('marks session cookies Secure when the public address is https', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'molsearch-https-'));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const store = await openStore({ dataDir, databaseUrl: undefined });
    const logger = createLogger('silent');
    const auth = createAuth({
      store,
      accounts: { secret: undefined, publicUrl: 'https://molsearch.example', trustedOrigins: [], smtp: undefined, google: undefined, linkedin: undefined, signInAttemptsPerMinute: 5 },
      secret: SECRET,
      mail: new MailService({ smtp: undefined, logger }),
      logger,
      transferOwnership: async () => undefined,
    });
    const response = await auth.handler(new Request('https://molsearch.example/api/auth/sign-in/anonymous', { method: 'POST', headers: { origin: 'https://molsearch.example' } }));
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token='));
    expect(cookie).toMatch(/^__Secure-molsearch\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    await store.close();
  });

  it('keeps the anonymous user\'s searches, downloads and consent when they sign up and confirm their e-mail', async () => {
    anonymousJob = await finishedJob(alice);
    expect((await alice.fetch('/api/track/search', { method: 'POST', json: { job_name: anonymousJob } })).status).toBe(204);
    const download = await readyDownload(alice, anonymousJob);
    expect((await alice.fetch(download)).status).toBe(200);
    const consent = await record(alice.json('/api/consent', { method: 'POST', json: { email: '  alice@example.org ', contact_consent: true, newsletter_consent: false } }));
    expect(consent.status).toBe(200);

    await registeredUser('alice@example.org', 'correct horse battery staple', 'Alice', alice);
    const me = await record(alice.json<{ user: Json & { profile: Json } }>('/api/me'));
    expect(me.body.user).toMatchObject({ is_anonymous: false, email: 'alice@example.org', email_verified: true, account_type: 'free', roles: ['free'] });
    expect(me.body.user.profile).toMatchObject({ contact_consent: true, newsletter_consent: false, completed_registration: false, is_active: true });
    // The job submitted while anonymous is still Alice's: status, pages and its download.
    expect((await alice.json<{ status: string }>(`/api/job_status?job_name=${anonymousJob}`)).body.status).toBe('SUCCESS');
    expect((await alice.fetch(download)).status).toBe(200);
    // ...and nobody else's.
    const stranger = new BrowserClient(url);
    expect((await stranger.json(`/api/job_status?job_name=${anonymousJob}`)).status).toBe(404);
    expect((await stranger.fetch(download)).status).toBe(404);
  });

  it('refuses sign-in before the e-mail is confirmed and with missing fields', async () => {
    const carol = new BrowserClient(url);
    expect((await carol.json('/api/auth/sign-up/email', { method: 'POST', json: { email: 'carol@example.org', password: 'carol password 1', name: 'Carol' } })).status).toBe(200);
    secrets.add('carol password 1');
    expect((await carol.json('/api/auth/sign-in/email', { method: 'POST', json: { email: 'carol@example.org', password: 'carol password 1' } })).status).toBe(403);
    const incomplete = await carol.json<{ error: Json }>('/api/auth/sign-in/email', { method: 'POST', json: { email: 'carol@example.org' } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.message).toBe('Invalid sign-in parameters');
  });

  it('completes and edits the profile', async () => {
    const missing = await record(alice.json<{ error: Json }>('/api/profile/complete', { method: 'POST', json: { newsletter_consent: true, contact_consent: true } }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Company is required');
    const completed = await record(alice.json<{ profile: Json }>('/api/profile/complete', { method: 'POST', json: { company: 'Acme Pharma', newsletter_consent: true, contact_consent: true } }));
    expect(completed.status).toBe(200);
    expect(completed.body.profile).toMatchObject({ company: 'Acme Pharma', completed_registration: true, newsletter_consent: true });
    const edited = await record(alice.json<{ profile: Json }>('/api/profile', { method: 'PATCH', json: { linkedin_profile: 'https://www.linkedin.com/in/alice' } }));
    expect(edited.body.profile).toMatchObject({ company: 'Acme Pharma', linkedin_profile: 'https://www.linkedin.com/in/alice' });
  });

  it('checks every API key rule with the spec\'s messages', async () => {
    const create = (json: unknown, client = alice) => record(client.json<{ error: Json; key: KeyView & { api_key_value: string } }>('/api/api-keys', { method: 'POST', json }));
    const messageOf = async (json: unknown) => {
      const answer = await create(json);
      expect(answer.status).toBe(400);
      return answer.body.error.message;
    };
    expect(await messageOf({ expiration_days: 30 })).toBe(API_KEY_MESSAGES.nameRequired);
    expect(await messageOf({ key_name: '   ', expiration_days: 30 })).toBe(API_KEY_MESSAGES.nameRequired);
    expect(await messageOf({ key_name: 'ab', expiration_days: 30 })).toBe(API_KEY_MESSAGES.nameTooShort);
    expect(await messageOf({ key_name: 'x'.repeat(51), expiration_days: 30 })).toBe(API_KEY_MESSAGES.nameTooLong);
    expect(await messageOf({ key_name: 'Fine name', key_description: 'd'.repeat(201), expiration_days: 30 })).toBe(API_KEY_MESSAGES.descriptionTooLong);
    expect(await messageOf({ key_name: 'Fine name', expiration_days: 0 })).toBe(API_KEY_MESSAGES.expiration);
    expect(await messageOf({ key_name: 'Fine name', expiration_days: 731 })).toBe(API_KEY_MESSAGES.expiration);
    expect(await messageOf({ key_name: 'Fine name', expiration_days: 'forever' })).toBe(API_KEY_MESSAGES.expiration);

    const visitor = new BrowserClient(url);
    const unauthenticated = await visitor.json<{ error: Json }>('/api/api-keys', { method: 'POST', json: { key_name: 'Visitor key', expiration_days: 30 } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body.error.message).toBe(API_KEY_MESSAGES.notAuthenticated);
    const anonymous = new BrowserClient(url);
    await anonymous.fetch('/api/auth/sign-in/anonymous', { method: 'POST', json: {} });
    expect((await anonymous.json<{ error: Json }>('/api/api-keys')).body.error.message).toBe(API_KEY_MESSAGES.notAuthenticated);

    const first = await create({ key_name: 'Pipeline', key_description: 'nightly screening', expiration_days: 365 });
    expect(first.status).toBe(201);
    aliceKey = first.body.key.api_key_value;
    aliceKeyId = first.body.key.api_key_id;
    secrets.add(aliceKey);
    expect(aliceKey).toMatch(/^ck_[A-Za-z0-9]{32}$/);
    expect(first.body.key).toMatchObject({ key_prefix: aliceKey.slice(0, 8), key_suffix: aliceKey.slice(-8), tier: 'free', expiration_days: 365, usage_count: 0, last_used_at: null, is_active: true });
    // The default expiry is one year.
    const defaulted = await create({ key_name: 'Default expiry' });
    expect(defaulted.body.key.expiration_days).toBe(365);
    secrets.add(defaulted.body.key.api_key_value);
    const injected = await create({ key_name: "'; DROP TABLE api_keys; --", expiration_days: 1 });
    expect(injected.status).toBe(201);
    secrets.add(injected.body.key.api_key_value);

    const fourth = await create({ key_name: 'One too many', expiration_days: 30 });
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toBe(API_KEY_MESSAGES.tooMany);

    const listed = await record(alice.json<{ keys: KeyView[]; limit: number }>('/api/api-keys'));
    expect(listed.body.limit).toBe(3);
    expect(listed.body.keys.map((key) => key.key_name)).toEqual(["'; DROP TABLE api_keys; --", 'Default expiry', 'Pipeline']);
    expect(JSON.stringify(listed.body)).not.toContain(aliceKey);
    expect(listed.body.keys.every((key) => !('api_key_value' in key) && !('key_hash' in key))).toBe(true);

    const renamed = await record(alice.json<{ key: KeyView }>(`/api/api-keys/${aliceKeyId}`, { method: 'PATCH', json: { key_name: 'Pipeline v2', key_description: null, expiration_days: 730, tier: 'pro' } }));
    expect(renamed.status).toBe(200);
    // Only the name and description change.
    expect(renamed.body.key).toMatchObject({ key_name: 'Pipeline v2', key_description: null, expiration_days: 365, tier: 'free' });
    expect((await alice.json<{ error: Json }>(`/api/api-keys/${aliceKeyId}`, { method: 'PATCH', json: { key_name: 'no' } })).body.error.message).toBe(API_KEY_MESSAGES.nameTooShort);
  });

  it('lets a key act as its owner on the Search API, counting every use', async () => {
    const script = new BrowserClient(url, null);
    const job = await finishedJob(script, { 'x-api-key': aliceKey });
    // The job is Alice's: her session reads it, a visitor does not.
    expect((await alice.json<{ status: string }>(`/api/job_status?job_name=${job}`)).body.status).toBe('SUCCESS');
    expect((await new BrowserClient(url).json(`/api/job_status?job_name=${job}`)).status).toBe(404);
    const bearer = await script.json(`/api/job_status?job_name=${job}`, { headers: { authorization: `Bearer ${aliceKey}` } });
    expect(bearer.status).toBe(200);
    const key = (await alice.json<{ keys: KeyView[] }>('/api/api-keys')).body.keys.find((entry) => entry.api_key_id === aliceKeyId)!;
    expect(key.usage_count).toBeGreaterThanOrEqual(3);
    expect(key.last_used_at).not.toBeNull();
  });

  it('refuses wrong, malformed, deleted and expired keys with the spec\'s text', async () => {
    const script = new BrowserClient(url, null);
    const wrong = `ck_${'A'.repeat(32)}`;
    for (const headers of [{ 'x-api-key': wrong }, { authorization: `Bearer ${wrong}` }, { 'x-api-key': "ck_' OR '1'='1" }, { authorization: 'Bearer ' + 'z'.repeat(5000) }] as Record<string, string>[]) {
      const answer = await script.json<{ error: Json }>('/api/submit_molsearch?search_input=CCO&search_type=morgan&db_names=ENAMINE-REAL', { headers });
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toBe(UNAUTHORIZED);
    }
    const shortLived = await alice.json<{ key: KeyView & { api_key_value: string } }>('/api/api-keys', { method: 'POST', json: { key_name: 'Short lived', expiration_days: 1 } });
    expect(shortLived.status).toBe(409);
    // Make room: delete the one-day key created earlier, then create the short-lived one.
    const keys = (await alice.json<{ keys: KeyView[] }>('/api/api-keys')).body.keys;
    const doomed = keys.find((key) => key.key_name.startsWith("'; DROP"))!;
    expect((await alice.json(`/api/api-keys/${doomed.api_key_id}`, { method: 'DELETE' })).status).toBe(200);
    const created = await alice.json<{ key: KeyView & { api_key_value: string } }>('/api/api-keys', { method: 'POST', json: { key_name: 'Short lived', expiration_days: 1 } });
    expect(created.status).toBe(201);
    const value = created.body.key.api_key_value;
    secrets.add(value);
    expect((await script.json('/api/databases', { headers: { 'x-api-key': value } })).status).toBe(200);
    clockOffset += 2 * DAY_MS;
    try {
      const expired = await script.json<{ error: Json }>('/api/databases', { headers: { 'x-api-key': value } });
      expect(expired.status).toBe(401);
      expect(expired.body.error.message).toBe(UNAUTHORIZED);
    } finally {
      clockOffset -= 2 * DAY_MS;
    }
    expect((await alice.json(`/api/api-keys/${created.body.key.api_key_id}`, { method: 'DELETE' })).status).toBe(200);
    const deleted = await script.json<{ error: Json }>('/api/databases', { headers: { 'x-api-key': value } });
    expect(deleted.status).toBe(401);
  });

  it('never lets one user read, edit, delete or use another user\'s keys or job downloads', async () => {
    bob = await registeredUser('bob@example.org', 'bob password 123', 'Bob');
    expect((await bob.json<{ keys: KeyView[] }>('/api/api-keys')).body.keys).toEqual([]);
    const edit = await bob.json<{ error: Json }>(`/api/api-keys/${aliceKeyId}`, { method: 'PATCH', json: { key_name: 'Stolen key' } });
    expect(edit.status).toBe(404);
    expect((await bob.json(`/api/api-keys/${aliceKeyId}`, { method: 'DELETE' })).status).toBe(404);
    const aliceKeys = (await alice.json<{ keys: KeyView[] }>('/api/api-keys')).body.keys;
    expect(aliceKeys.find((key) => key.api_key_id === aliceKeyId)?.key_name).toBe('Pipeline v2');

    // Alice's job and its download: Bob gets nothing, by session or by his own key.
    const job = await finishedJob(alice);
    const link = await readyDownload(alice, job);
    const hitId = (await alice.json<{ id: string[] }>(`/api/get_molsearch_page?job_name=${job}&db_name=ENAMINE-REAL&page_size=1`)).body.id[0]!;
    // The owner reads the hit (its pose is refused only because this catalogue has no 3D models).
    expect((await alice.json(`/api/get_hit?job_name=${job}&db_name=ENAMINE-REAL&id=${encodeURIComponent(hitId)}`)).status).toBe(200);
    expect((await alice.json(`/api/get_hit_pose?job_name=${job}&db_name=ENAMINE-REAL&id=${encodeURIComponent(hitId)}`)).status).toBe(422);
    const bobKey = (await bob.json<{ key: { api_key_value: string } }>('/api/api-keys', { method: 'POST', json: { key_name: 'Bob key', expiration_days: 30 } })).body.key.api_key_value;
    secrets.add(bobKey);
    for (const headers of [{}, { 'x-api-key': bobKey }] as Record<string, string>[]) {
      expect((await bob.fetch(link, { headers })).status).toBe(404);
      expect((await bob.json(`/api/get_download_link?job_name=${job}&file_format=csv&download_suff=all`, { headers })).status).toBe(404);
      expect((await bob.json(`/api/prepare_download?job_name=${job}&file_format=csv`, { method: 'POST', headers })).status).toBe(404);
      expect((await bob.json(`/api/get_molsearch_page?job_name=${job}&db_name=ENAMINE-REAL`, { headers })).status).toBe(404);
      for (const call of ['get_hit', 'get_hit_pose']) expect((await bob.json(`/api/${call}?job_name=${job}&db_name=ENAMINE-REAL&id=${encodeURIComponent(hitId)}`, { headers })).status).toBe(404);
    }
    // Alice's key reaches it.
    expect((await new BrowserClient(url, null).fetch(link, { headers: { 'x-api-key': aliceKey } })).status).toBe(200);
  });

  it('refuses cookie-authenticated changes from another origin (CSRF)', async () => {
    const evil = { origin: 'http://evil.example' };
    const forged = await alice.json<{ error: Json }>('/api/api-keys', { method: 'POST', json: { key_name: 'Forged key', expiration_days: 30 }, headers: evil });
    expect(forged.status).toBe(403);
    expect((await alice.json(`/api/api-keys/${aliceKeyId}`, { method: 'DELETE', headers: evil })).status).toBe(403);
    expect((await alice.json('/api/profile/deactivate', { method: 'POST', headers: evil })).status).toBe(403);
    expect((await alice.json('/api/auth/sign-out', { method: 'POST', json: {}, headers: evil })).status).toBe(403);
    const noOrigin = new BrowserClient(url, null);
    for (const [name, value] of alice.cookies) noOrigin.cookies.set(name, value);
    expect((await noOrigin.json('/api/api-keys', { method: 'POST', json: { key_name: 'No origin', expiration_days: 30 } })).status).toBe(403);
    // Still signed in: nothing above took effect.
    expect((await alice.json<{ keys: KeyView[] }>('/api/api-keys')).body.keys.some((key) => key.api_key_id === aliceKeyId)).toBe(true);
  });

  it('refuses a search submitted with the session cookie from another site, but not by key, same site or typed address', async () => {
    const submit = `/api/submit_molsearch?${new URLSearchParams({ search_input: 'CCO', search_type: 'morgan', db_names: 'MOLPORT' })}`;
    const crossSite = await alice.json<{ error: Json }>(submit, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/started from another site/) });
    // A visitor's cookie is refused the same way: the search would count against their limits.
    const visitor = new BrowserClient(url);
    await visitor.json('/api/databases');
    expect((await visitor.json(submit, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    for (const site of ['same-origin', 'same-site', 'none']) {
      expect((await alice.json(submit, { headers: { 'sec-fetch-site': site } })).status, site).toBe(200);
    }
    // A script without the header (curl), and a key even from another site, are not cookie-authenticated forgeries.
    expect((await alice.json(submit)).status).toBe(200);
    expect((await new BrowserClient(url, null).json(submit, { headers: { 'x-api-key': aliceKey, 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });

  it('throttles password guessing', async () => {
    const guesser = new BrowserClient(url);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await guesser.json('/api/auth/sign-in/email', { method: 'POST', json: { email: 'bob@example.org', password: `guess number ${attempt}` } });
      statuses.push(answer.status);
      retryAfter ??= answer.headers.get('retry-after');
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right password waits now.
    expect((await guesser.json('/api/auth/sign-in/email', { method: 'POST', json: { email: 'bob@example.org', password: 'bob password 123' } })).status).toBe(429);
  });

  it('recovers a forgotten password by e-mail', async () => {
    const browser = new BrowserClient(url);
    const asked = await browser.json('/api/auth/request-password-reset', { method: 'POST', json: { email: 'alice@example.org', redirectTo: '/auth/reset-password' } });
    expect(asked.status).toBe(200);
    const mail = await smtp.waitFor('alice@example.org', 2);
    const link = new URL(linkIn(mail));
    const redirect = await browser.fetch(link.pathname + link.search);
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get('location')!, url);
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token')!;
    secrets.add(token);
    const newPassword = 'a brand new passphrase';
    secrets.add(newPassword);
    expect((await browser.json('/api/auth/reset-password', { method: 'POST', json: { newPassword, token } })).status).toBe(200);
    expect((await browser.json('/api/auth/sign-in/email', { method: 'POST', json: { email: 'alice@example.org', password: 'correct horse battery staple' } })).status).toBe(401);
    const signedIn = await browser.json('/api/auth/sign-in/email', { method: 'POST', json: { email: 'alice@example.org', password: newPassword } });
    expect(signedIn.status).toBe(200);
    alice = browser;
  });

  it('signs in with an OpenID Connect provider and returns to /auth/callback', async () => {
    expect((await new BrowserClient(url).json('/api/auth-providers')).body).toEqual({ google: true, linkedin: true });
    const browser = new BrowserClient(url);
    await browser.fetch('/api/auth/sign-in/anonymous', { method: 'POST', json: {} });
    const anonymousJobOfDave = await finishedJob(browser);
    const landed = await signInWith(browser, 'google', oidc);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/auth/callback');
    const me = await browser.json<{ user: Json }>('/api/me');
    expect(me.body.user).toMatchObject({ email: OIDC_USER.email, name: OIDC_USER.name, is_anonymous: false });
    // The search made before signing in stays with the account.
    expect((await browser.json<{ status: string }>(`/api/job_status?job_name=${anonymousJobOfDave}`)).body.status).toBe('SUCCESS');
    // Google's client authenticates with HTTP Basic at the token endpoint.
    expect(oidc.tokenRequests).toEqual([{ basicAuthorization: true, formEncoded: true }]);
  });

  it('signs in with LinkedIn, whose token endpoint takes the client secret in the body', async () => {
    const browser = new BrowserClient(url);
    await browser.fetch('/api/auth/sign-in/anonymous', { method: 'POST', json: {} });
    const anonymousJobOfLena = await finishedJob(browser);
    const landed = await signInWith(browser, 'linkedin', linkedin);
    // The provider refuses any other client authentication than the registered client_secret_post.
    expect(linkedin.tokenRequests).toEqual([{ basicAuthorization: false, formEncoded: true }]);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/auth/callback');
    const me = await browser.json<{ user: Json }>('/api/me');
    expect(me.body.user).toMatchObject({ email: LINKEDIN_USER.email, name: LINKEDIN_USER.name, is_anonymous: false, email_verified: true });
    expect((await browser.json<{ status: string }>(`/api/job_status?job_name=${anonymousJobOfLena}`)).body.status).toBe('SUCCESS');
    const userId = (me.body.user as { id: string }).id;
    expect(await accountsOf(userId)).toEqual([{ providerId: 'linkedin', accountId: LINKEDIN_USER.sub, password: null }]);
    // Signed out and in again: the same account, no second user.
    expect((await browser.json('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
    expect((await browser.json<{ user: unknown }>('/api/me')).body.user).toBeNull();
    expect((await signInWith(browser, 'linkedin', linkedin)).status).toBe(302);
    expect((await browser.json<{ user: { id: string } }>('/api/me')).body.user.id).toBe(userId);
    expect(await store.db.selectFrom('user').select('id').where('email', '=', LINKEDIN_USER.email).execute()).toHaveLength(1);
  });

  it('promotes an anonymous user with an e-mail address and a password, keeping its id and history', async () => {
    type Promoted = { error: Json; user: Json & { id: string }; verification_email_sent: boolean };
    const promote = (client: BrowserClient, json: unknown, headers: Record<string, string> = {}) => record(client.json<Promoted>('/api/account/promote', { method: 'POST', json, headers }));
    const password = 'erin keeps her searches';
    secrets.add(password);
    const valid = { email: '  Erin@Example.org ', password };

    // Signed out (401), a registered user or an API key (400): the spec's message.
    const signedOut = await promote(new BrowserClient(url), valid);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.message).toBe(PROMOTION_MESSAGES.notAnonymous);
    for (const registered of [await promote(alice, valid), await promote(new BrowserClient(url, null), valid, { 'x-api-key': aliceKey })]) {
      expect(registered.status).toBe(400);
      expect(registered.body.error).toMatchObject({ code: 'NOT_ANONYMOUS', message: PROMOTION_MESSAGES.notAnonymous });
    }

    // Erin's history while anonymous: a search, its tracking row and download, her consent.
    const erin = new BrowserClient(url);
    await erin.fetch('/api/auth/sign-in/anonymous', { method: 'POST', json: {} });
    const anonymousId = (await erin.json<{ user: { id: string } }>('/api/me')).body.user.id;
    const job = await finishedJob(erin);
    expect((await erin.fetch('/api/track/search', { method: 'POST', json: { job_name: job } })).status).toBe(204);
    expect((await erin.json('/api/consent', { method: 'POST', json: { email: 'erin@example.org', contact_consent: true, newsletter_consent: false } })).status).toBe(200);
    const download = await readyDownload(erin, job);

    const messageOf = async (json: unknown) => {
      const answer = await promote(erin, json);
      expect(answer.status).toBe(400);
      return answer.body.error.message;
    };
    expect(await messageOf({ password })).toBe(PROMOTION_MESSAGES.emailRequired);
    expect(await messageOf({ email: 'not-an-address', password })).toBe(PROMOTION_MESSAGES.emailInvalid);
    expect(await messageOf({ email: 'erin@example.org' })).toBe(PROMOTION_MESSAGES.passwordRequired);
    expect(await messageOf({ email: 'erin@example.org', password: 'short' })).toBe(PROMOTION_MESSAGES.passwordTooShort);
    expect(await messageOf({ email: 'erin@example.org', password: 'p'.repeat(129) })).toBe(PROMOTION_MESSAGES.passwordTooLong);
    // An address that already has an account: 409, and Erin stays anonymous.
    const taken = await promote(erin, { email: 'ALICE@example.org', password });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'EMAIL_TAKEN', message: PROMOTION_MESSAGES.emailTaken });
    expect((await erin.json<{ user: Json }>('/api/me')).body.user).toMatchObject({ id: anonymousId, is_anonymous: true, email: null });

    const promoted = await promote(erin, valid);
    expect(promoted.status).toBe(200);
    expect(promoted.body).toEqual({ user: { id: anonymousId, email: 'erin@example.org', name: 'erin', email_verified: false, is_anonymous: false }, verification_email_sent: true });
    // The same user, still signed in, with everything it had.
    const me = await erin.json<{ user: Json & { profile: Json } }>('/api/me');
    expect(me.body.user).toMatchObject({ id: anonymousId, email: 'erin@example.org', is_anonymous: false, email_verified: false, display_name: 'erin', account_type: 'free' });
    expect(me.body.user.profile).toMatchObject({ contact_consent: true, newsletter_consent: false, completed_registration: false, is_active: true });
    expect((await erin.json<{ status: string }>(`/api/job_status?job_name=${job}`)).body.status).toBe('SUCCESS');
    expect((await erin.fetch(download)).status).toBe(200);
    expect((await new BrowserClient(url).json(`/api/job_status?job_name=${job}`)).status).toBe(404);
    expect((await store.db.selectFrom('searches').select('search_id').where('user_id', '=', anonymousId).execute()).map((row) => row.search_id)).toEqual([job]);
    // The password is better-auth's scrypt hash (hex salt:key), never the password itself.
    const credentials = await accountsOf(anonymousId);
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ providerId: 'credential', accountId: anonymousId });
    expect(credentials[0]!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    secrets.add(credentials[0]!.password!);
    // Registered now: it manages API keys, and cannot be promoted again.
    expect((await erin.json('/api/api-keys')).status).toBe(200);
    expect((await promote(erin, { email: 'erin.again@example.org', password })).body.error.message).toBe(PROMOTION_MESSAGES.notAnonymous);

    // Signing in with the password waits for the confirmation, as after a sign-up.
    const elsewhere = new BrowserClient(url);
    const signIn = () => elsewhere.json<{ user: { id: string } }>('/api/auth/sign-in/email', { method: 'POST', json: { email: 'erin@example.org', password } });
    expect((await signIn()).status).toBe(403);
    const link = new URL(linkIn(await smtp.waitFor('erin@example.org')));
    expect(link.pathname).toBe('/api/auth/verify-email');
    const confirmed = await erin.fetch(link.pathname + link.search);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/auth/callback');
    expect((await erin.json<{ user: Json }>('/api/me')).body.user).toMatchObject({ id: anonymousId, email_verified: true });
    const signedIn = await signIn();
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(anonymousId);
    expect((await elsewhere.json<{ status: string }>(`/api/job_status?job_name=${job}`)).body.status).toBe('SUCCESS');
  });

  it('promotes an anonymous user once when two promotions arrive together', async () => {
    const fay = new BrowserClient(url);
    await fay.fetch('/api/auth/sign-in/anonymous', { method: 'POST', json: {} });
    const id = (await fay.json<{ user: { id: string } }>('/api/me')).body.user.id;
    secrets.add('fay password one');
    secrets.add('fay password two');
    const answers = await Promise.all([
      fay.json<{ error: Json; user: { email: string } }>('/api/account/promote', { method: 'POST', json: { email: 'fay@example.org', password: 'fay password one' } }),
      fay.json<{ error: Json; user: { email: string } }>('/api/account/promote', { method: 'POST', json: { email: 'fay.other@example.org', password: 'fay password two' } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await fay.json<{ user: Json }>('/api/me')).body.user).toMatchObject({ id, email: winner.body.user.email, is_anonymous: false });
    expect(await accountsOf(id)).toHaveLength(1);
    const loser = answers.find((answer) => answer.status === 400)!;
    expect(loser.body.error.message).toBe(PROMOTION_MESSAGES.notAnonymous);
  });

  it('saves consent with the spec\'s messages and stores analytics events in our database', async () => {
    const nobody = new BrowserClient(url);
    const noSession = await nobody.json<{ error: Json }>('/api/consent', { method: 'POST', json: { email: 'x@example.org', contact_consent: true, newsletter_consent: true } });
    expect(noSession.status).toBe(401);
    expect(noSession.body.error.message).toBe(CONSENT_MESSAGES.noSession);
    const visitor = new BrowserClient(url);
    await visitor.fetch('/api/auth/sign-in/anonymous', { method: 'POST', json: {} });
    const consent = (email: unknown) => visitor.json<{ error: Json }>('/api/consent', { method: 'POST', json: { email, contact_consent: true, newsletter_consent: true } });
    expect((await consent('   ')).body.error.message).toBe(CONSENT_MESSAGES.emailRequired);
    expect((await consent(undefined)).body.error.message).toBe(CONSENT_MESSAGES.emailRequired);
    expect((await consent('no-at-sign')).body.error.message).toBe(CONSENT_MESSAGES.emailInvalid);
    expect((await consent('v@example.org')).status).toBe(200);

    const event = (json: unknown) => visitor.fetch('/api/analytics', { method: 'POST', json });
    expect((await event({ event: 'search_submitted', params: { method: 'morgan', databases: 2 } })).status).toBe(204);
    expect((await event({ event: 'page_view', params: { path: '/' } })).status).toBe(204);
    expect((await event({ event: 'not_an_event', params: {} })).status).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 26 }, (_, index) => [`p${index}`, index]));
    expect((await event({ event: 'page_view', params: many })).status).toBe(400);
    // Tracking never fails the caller, even for a job that does not exist.
    expect((await visitor.fetch('/api/track/quotation', { method: 'POST', json: { job_name: 'no-such-job', db_name: 'ENAMINE-REAL' } })).status).toBe(204);
    expect((await visitor.fetch('/api/track/admet', { method: 'POST', json: 'not even an object' })).status).toBe(204);
  });

  it('writes the tracking rows of spec section 3 and keeps them with the account', async () => {
    const me = (await alice.json<{ user: { id: string } }>('/api/me')).body.user;
    const job = await finishedJob(alice);
    expect((await alice.fetch('/api/track/search', { method: 'POST', json: { job_name: job } })).status).toBe(204);
    expect((await alice.fetch('/api/track/search', { method: 'POST', json: { job_name: job } })).status).toBe(204);
    expect((await alice.fetch('/api/track/quotation', { method: 'POST', json: { job_name: job, db_name: 'ENAMINE-REAL', additional_notes: 'Need 10 mg' } })).status).toBe(204);
    expect((await alice.fetch('/api/track/admet', { method: 'POST', json: { job_name: job } })).status).toBe(204);
    await readyDownload(alice, job);
    const searches = await store.db.selectFrom('searches').selectAll().where('user_id', '=', me.id).execute();
    // The search made while anonymous came along at sign-up; the new one is recorded once however often it is reported.
    expect(searches.map((row) => row.search_id).sort()).toEqual([anonymousJob, job].sort());
    expect(searches.find((row) => row.search_id === job)).toMatchObject({ search_method: 'morgan', search_quality: 'fast', query_smiles: 'c1ccccc1O', databases: '["ENAMINE-REAL"]' });
    const quotation = await store.db.selectFrom('quotations').selectAll().where('search_id', '=', job).executeTakeFirstOrThrow();
    expect(quotation).toMatchObject({ user_id: me.id, status: 'clicked_get_quote', additional_notes: 'Need 10 mg', search_method: 'morgan' });
    expect(await store.db.selectFrom('admet_properties').selectAll().where('search_id', '=', job).execute()).toHaveLength(1);
    const downloads = await store.db.selectFrom('download_events').selectAll().where('user_id', '=', me.id).execute();
    expect(downloads.length).toBeGreaterThanOrEqual(2);
    const built = downloads.find((row) => row.search_id === job)!;
    expect(built.download_format).toBe('csv');
    // Filled in when the file was ready.
    for (;;) {
      const row = await store.db.selectFrom('download_events').selectAll().where('download_id', '=', built.download_id).executeTakeFirstOrThrow();
      if (row.num_molecules_downloaded !== null) {
        expect(row.num_molecules_downloaded).toBeGreaterThan(0);
        expect(row.file_size_bytes).toBeGreaterThan(0);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const events = await store.db.selectFrom('analytics_events').selectAll().where('event', '=', 'search_submitted').execute();
    expect(events.map((row) => JSON.parse(row.params) as unknown)).toContainEqual({ method: 'morgan', databases: 2 });
    // Keys are stored as hashes only.
    const keyRows = await store.db.selectFrom('api_keys').selectAll().execute();
    for (const row of keyRows) {
      expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const value of secrets) expect(Object.values(row).includes(value)).toBe(false);
    }
  });

  it('never gives a fourth key, even to requests made at the same time', async () => {
    const dana = await registeredUser('dana@example.org', 'dana password 1', 'Dana');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => dana.json<{ key: { api_key_value: string } }>('/api/api-keys', { method: 'POST', json: { key_name: `Parallel ${index}`, expiration_days: 30 } })),
    );
    for (const answer of answers) if (answer.status === 201) secrets.add(answer.body.key.api_key_value);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect((await dana.json<{ keys: unknown[] }>('/api/api-keys')).body.keys).toHaveLength(3);
  });

  it('limits downloads per tier with 429 and Retry-After', async () => {
    const visitor = new BrowserClient(url);
    await visitor.fetch('/api/auth/sign-in/anonymous', { method: 'POST', json: {} });
    const job = await finishedJob(visitor);
    const limit = RATE_LIMITS.anonymous.downloadsPerMinute;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt <= limit; attempt++) {
      const answer = await visitor.fetch(`/api/prepare_download?job_name=${job}&file_format=${['csv', 'sdf', 'smi'][attempt % 3]}`, { method: 'POST' });
      statuses.push(answer.status);
      retryAfter ??= answer.headers.get('retry-after');
    }
    // Anonymous callers prepare at most RATE_LIMITS.anonymous.downloadsPerMinute files a minute.
    expect(statuses).toEqual([...Array.from({ length: limit }, () => 200), 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('refuses injection strings and oversized inputs cleanly', async () => {
    const injected = await alice.json<{ error: Json }>("/api/job_status?job_name=1'%20OR%20'1'='1");
    expect(injected.status).toBe(400);
    const signIn = await new BrowserClient(url).json('/api/auth/sign-in/email', { method: 'POST', json: { email: "' OR 1=1 --", password: "' OR ''='" } });
    expect([400, 401]).toContain(signIn.status);
    const huge = await alice.json<{ error: Json }>('/api/api-keys', { method: 'POST', json: { key_name: 'x'.repeat(100_000), expiration_days: 30 } });
    expect(huge.status).toBe(413);
    const hugeSignUp = await new BrowserClient(url).json('/api/auth/sign-up/email', { method: 'POST', json: { email: 'big@example.org', password: 'p'.repeat(100_000), name: 'Big' } });
    expect(hugeSignUp.status).toBe(413);
    const longPassword = await new BrowserClient(url).json('/api/auth/sign-up/email', { method: 'POST', json: { email: 'long@example.org', password: 'p'.repeat(500), name: 'Long' } });
    expect(longPassword.status).toBe(400);
    const badJson = await alice.json<{ error: Json }>('/api/api-keys', { method: 'POST', body: '{"key_name":', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);
    const keys = await alice.json<{ keys: KeyView[] }>('/api/api-keys');
    expect(keys.status).toBe(200);
  });

  it('deactivates an account softly and signs it out everywhere', async () => {
    const answer = await bob.json('/api/profile/deactivate', { method: 'POST' });
    expect(answer.status).toBe(200);
    expect((await bob.json<{ user: unknown }>('/api/me')).body.user).toBeNull();
    expect((await bob.json('/api/api-keys')).status).toBe(401);
  });

  it('never puts a secret, key, hash, token or password in an answer or a log line', async () => {
    const { createHash } = await import('node:crypto');
    const hashes = [...secrets].filter((value) => value.startsWith('ck_')).map((value) => createHash('sha256').update(value).digest('hex'));
    expect(logLines.length).toBeGreaterThan(50);
    for (const value of [...secrets, ...hashes]) {
      const line = logLines.find((entry) => entry.includes(value));
      expect(line === undefined, `a log line holds ${value.slice(0, 6)}...: ${line?.replace(value, '<secret>')}`).toBe(true);
    }
    const keyValues = [...secrets].filter((value) => value.startsWith('ck_'));
    const created = answers.filter((answer) => answer.includes('api_key_value'));
    for (const answer of answers.filter((entry) => !entry.includes('api_key_value'))) {
      for (const value of [...secrets, ...hashes]) expect(answer.includes(value)).toBe(false);
    }
    // A key appears once: in the answer that created it.
    for (const value of keyValues) expect(created.filter((answer) => answer.includes(value)).length).toBeLessThanOrEqual(1);
  });
});
