import { RATE_LIMITS } from '@molsearch/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../apps/server/src/store/scratch-postgres.ts';
import { freshDataDir, removeTestCatalogues, startServerProcess } from '../api/server-process.ts';
import type { ServerProcess } from '../api/server-process.ts';

// Two API servers on one PostgreSQL database, as behind a load balancer: the same secret signs visitor ids.
const SECRET = 'a-test-secret-shared-by-both-api-servers-0123456789';
let database: { url: string; drop: () => Promise<void> };
const servers: ServerProcess[] = [];
const removers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createScratchDatabase();
  for (let i = 0; i < 2; i++) {
    const data = await freshDataDir();
    removers.push(data.remove);
    servers.push(await startServerProcess(data.dir, { DATABASE_URL: database.url, BETTER_AUTH_SECRET: SECRET, RATE_LIMITING: 'on' }));
  }
}, 300_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const remove of removers) await remove();
  await database?.drop();
  await removeTestCatalogues();
});

async function databases(url: string, cookie: string | undefined): Promise<{ status: number; cookie: string | undefined }> {
  const response = await fetch(new URL('/api/databases', url), { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  const set = response.headers.getSetCookie().map((header) => header.split(';')[0]!).find((pair) => pair.startsWith('molsearch_visitor='));
  return { status: response.status, cookie: set ?? cookie };
}

describe('rate limits of API servers sharing PostgreSQL', () => {
  it("count a visitor's requests once, whichever server answers them", { timeout: 120_000 }, async () => {
    const allowance = RATE_LIMITS.anonymous.requestsPerMinute;
    // The first call, without a cookie, is counted for the address; it brings the visitor id.
    let { cookie } = await databases(servers[0]!.url, undefined);
    expect(cookie).toBeDefined();
    const statuses: number[] = [];
    // Alternating servers: each alone would allow the whole allowance, so twice it in all without sharing.
    for (let i = 0; i < allowance; i++) {
      const answer = await databases(servers[i % 2]!.url, cookie);
      cookie = answer.cookie;
      statuses.push(answer.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await databases(servers[0]!.url, cookie)).status).toBe(429);
    expect((await databases(servers[1]!.url, cookie)).status).toBe(429);
  });
});
