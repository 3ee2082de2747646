import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcePart, connectNats, openRegistry, readRegistry } from '@molsearch/cluster';
import type { NatsConnection, PartRecord } from '@molsearch/cluster';
import { startNatsServer } from './nats-server.ts';
import type { NatsServer } from './nats-server.ts';

const record = (database: string, index: number, of: number, created: string): PartRecord => ({
  database, part: { index, of }, build: `${database}-${created}`, count: 10 * index, created, properties: [], bytesPerMolecule: 400,
});

let dir: string;
let server: NatsServer;
let nc: NatsConnection;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-registry-'));
  server = await startNatsServer(dir);
  nc = await connectNats(server.url, 'registry-test');
}, 120_000);

afterAll(async () => {
  await nc?.close();
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the catalogue registry on JetStream', () => {
  it('reads nothing from a new bucket, then every part announced, the latest record of each and the latest split of each catalogue', async () => {
    const kv = await openRegistry(nc);
    expect(await readRegistry(kv)).toEqual(new Map());
    await announcePart(kv, record('CS', 1, 2, '2026-01-01'));
    await announcePart(kv, record('CS', 2, 2, '2026-01-01'));
    await announcePart(kv, record('ZINC', 1, 1, '2026-01-01'));
    // Re-imported: the part's record is replaced under the same key.
    await announcePart(kv, record('ZINC', 1, 1, '2026-02-01'));
    // A later split of CS into four, of which one part is announced so far.
    await announcePart(kv, record('CS', 3, 4, '2026-03-01'));
    const registry = await readRegistry(kv);
    expect([...registry.keys()].sort()).toEqual(['CS', 'ZINC']);
    expect(registry.get('ZINC')).toEqual({ database: 'ZINC', of: 1, parts: new Map([[1, record('ZINC', 1, 1, '2026-02-01')]]) });
    expect(registry.get('CS')).toEqual({ database: 'CS', of: 4, parts: new Map([[3, record('CS', 3, 4, '2026-03-01')]]) });
    // A part whose record is deleted is gone from the registry.
    await kv.delete('CS.3-of-4');
    expect((await readRegistry(kv)).get('CS')).toEqual({ database: 'CS', of: 2, parts: new Map([[1, record('CS', 1, 2, '2026-01-01')], [2, record('CS', 2, 2, '2026-01-01')]]) });
  });

  it('writes a part announced while its NATS server is down once the server is back, rather than failing the node', { timeout: 60_000 }, async () => {
    const kv = await openRegistry(nc);
    const port = Number(new URL(server.url).port);
    await server.stop();
    const announced = announcePart(kv, record('ENAMINE', 1, 1, '2026-04-01'));
    const outcome = announced.then(() => 'written', (error: unknown) => `failed: ${String(error)}`);
    // Longer than a JetStream write waits for its answer (5 s), so the first write fails whatever the client buffers.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    server = await startNatsServer(dir, true, port);
    expect(await outcome).toBe('written');
    expect((await readRegistry(kv)).get('ENAMINE')?.parts.get(1)).toEqual(record('ENAMINE', 1, 1, '2026-04-01'));
  });
});
