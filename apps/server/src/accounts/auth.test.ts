import { getMigrations } from 'better-auth/db/migration';
import { describe, expect, it } from 'vitest';
import { createAuth } from './auth.ts';
import { createLogger } from '../http/logger.ts';
import { MailService } from './mail.service.ts';
import { openScratchStore } from '../store/scratch-store.ts';
import { suiteStore } from '../store/scratch-store.fixture.ts';

// Our migration freezes better-auth's tables; better-auth itself must find nothing missing in them.
describe.each(['sqlite', 'postgres'] as const)('the accounts migration on %s', (kind) => {
  const store = suiteStore(kind, 'molsearch-auth-');

  it('holds every table and column better-auth and its plugins need', async () => {
    const logger = createLogger('silent');
    const auth = createAuth({
      store: store(),
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

describe('better-auth in our log', () => {
  /** The lines logged while better-auth starts over a scratch store, with or without a public URL. */
  async function startupLines(publicUrl: string | undefined): Promise<{ level: string; msg: string; component?: string }[]> {
    const { store, close } = await openScratchStore('sqlite', 'molsearch-auth-log-');
    const lines: string[] = [];
    const logger = createLogger('debug', (line) => lines.push(line));
    try {
      const auth = createAuth({
        store,
        accounts: { secret: undefined, publicUrl, trustedOrigins: [], smtp: undefined, google: undefined, linkedin: undefined, signInAttemptsPerMinute: 5 },
        secret: 'x'.repeat(40),
        mail: new MailService({ smtp: undefined, logger: createLogger('silent') }),
        logger,
        transferOwnership: async () => undefined,
      });
      await auth.$context;
    } finally {
      await close();
    }
    return lines.map((line) => JSON.parse(line) as { level: string; msg: string; component?: string });
  }

  it('notes at debug, not as a warning, that links follow the request when no public URL is set', async () => {
    const lines = await startupLines(undefined);
    const notice = lines.find((line) => line.msg.includes('Base URL is not set'));
    expect(notice).toMatchObject({ level: 'debug', component: 'auth' });
    expect(lines.filter((line) => line.level === 'warn' || line.level === 'error')).toEqual([]);
  });

  it('says nothing of a base URL when the public URL is set', async () => {
    const lines = await startupLines('http://localhost:8080');
    expect(lines.filter((line) => line.msg.includes('Base URL'))).toEqual([]);
  });
});
