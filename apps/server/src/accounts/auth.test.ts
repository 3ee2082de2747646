import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from './auth.ts';
import { createLogger } from '../http/logger.ts';
import { MailService } from './mail.service.ts';
import type { Store } from '../store/database.ts';
import { openScratchStore } from '../store/scratch-store.ts';

// Our migration freezes better-auth's tables; better-auth itself must find nothing missing in them.
describe.each(['sqlite', 'postgres'] as const)('the accounts migration on %s', (kind) => {
  let store: Store;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ store, close } = await openScratchStore(kind, 'molsearch-auth-'));
  });
  afterAll(async () => {
    await close?.();
  });

  it('holds every table and column better-auth and its plugins need', async () => {
    const logger = createLogger('silent');
    const auth = createAuth({
      store,
      accounts: {
        secret: undefined,
        publicUrl: 'http://localhost:8080',
        trustedOrigins: [],
        smtp: undefined,
        google: { clientId: 'id', clientSecret: 'secret', discoveryUrl: 'http://127.0.0.1:9/.well-known/openid-configuration' },
        linkedin: undefined,
        signInAttemptsPerMinute: 5,
      },
      secret: 'x'.repeat(40),
      mail: new MailService({ smtp: undefined, logger }),
      logger,
      transferOwnership: async () => undefined,
    });
    const pending = await getMigrations(auth.options);
    expect(pending.toBeCreated.map((table) => table.table)).toEqual([]);
    expect(pending.toBeAdded.map((table) => `${table.table}: ${Object.keys(table.fields).join(', ')}`)).toEqual([]);
  });
});
