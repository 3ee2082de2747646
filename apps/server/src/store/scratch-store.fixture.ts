import { afterAll, beforeAll } from 'vitest';
import type { Store } from './database.ts';
import { openScratchStore } from './scratch-store.ts';
import type { StoreKind } from './scratch-store.ts';

/** A scratch store (scratch-store.ts) opened before the tests of the calling suite and removed after them; call the getter inside a test. */
export function suiteStore(kind: StoreKind, prefix: string): () => Store {
  let opened: { store: Store; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    opened = await openScratchStore(kind, prefix);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return () => {
    if (!opened) throw new Error('The scratch store opens before the suite\'s tests.');
    return opened.store;
  };
}
