import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from './database.ts';
import type { Store } from './database.ts';
import { createScratchDatabase } from './scratch-postgres.ts';

export type StoreKind = 'sqlite' | 'postgres';

/**
 * A migrated store of either kind that no other test run sees: SQLite in a fresh temporary folder
 * (named with `prefix`) or a fresh database on the test PostgreSQL server. `close` also removes it.
 */
export async function openScratchStore(kind: StoreKind, prefix: string): Promise<{ store: Store; close: () => Promise<void> }> {
  let store: Store;
  let remove: () => Promise<void>;
  if (kind === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    store = await openStore({ dataDir: dir, databaseUrl: undefined });
    remove = () => rm(dir, { recursive: true, force: true });
  } else {
    const scratch = await createScratchDatabase();
    store = await openStore({ dataDir: tmpdir(), databaseUrl: scratch.url });
    remove = scratch.drop;
  }
  return {
    store,
    close: async () => {
      await store.close();
      await remove();
    },
  };
}
