import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server tests use: CI starts it on 127.0.0.1:5432 with trust auth (scripts/ci-postgres.sh). */
export const TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh database on the test server for one test run, so runs never see each other's rows;
 * `drop` removes it (and any connection left open to it).
 */
export async function createScratchDatabase(adminUrl = TEST_POSTGRES_URL): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `molsearch_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
