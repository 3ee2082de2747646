import { createHash } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import type { KV, KvEntry } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { CataloguePart, ManifestShape, StoredProperty } from '@molsearch/engine';

/** The JetStream key-value bucket listing every catalogue part the search nodes serve. */
export const REGISTRY_BUCKET = 'molsearch-catalogues';

/**
 * One part of a catalogue as nodes announce it (a catalogue imported whole is part 1 of 1). Every node
 * holding the part writes the same record under the same key; `build` names the import, so replicas
 * of another build (a re-import not yet copied everywhere) answer on another subject and a search never
 * mixes two numberings of one part.
 */
export interface PartRecord {
  database: string;
  part: CataloguePart;
  build: string;
  count: number;
  created: string;
  properties: StoredProperty[];
  shape?: ManifestShape;
  bytesPerMolecule: number;
}

/** A catalogue as the registry describes it: how many parts, and the record of each part announced so far. */
export interface RegisteredCatalogue {
  database: string;
  of: number;
  parts: Map<number, PartRecord>;
}

/** A short, subject-safe name of one import of a part: its manifest's creation time and count. */
export function buildName(created: string, count: number): string {
  return createHash('sha256').update(`${created}/${count}`).digest('hex').slice(0, 12);
}

function recordKey(record: Pick<PartRecord, 'database' | 'part'>): string {
  return `${record.database}.${record.part.index}-of-${record.part.of}`;
}

/**
 * The registry bucket, created by the first node or API server that needs it: history 1 (only the current
 * record of a part matters), and on a NATS cluster one replica on each of up to three servers, so the
 * registry outlives the loss of a NATS server. Waits up to `waitMs` for JetStream to be ready and, on a
 * cluster, for the bucket's stream to have a leader: until then a write to it finds no one to answer.
 */
export async function openRegistry(nc: NatsConnection, waitMs = 20_000): Promise<KV> {
  const kvm = new Kvm(nc);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      // open() does not look the bucket up; its status does, and fails when it does not exist yet.
      const bucket = await kvm.open(REGISTRY_BUCKET);
      const status = await bucket.status().catch(() => undefined);
      if (!status) {
        const servers = nc.info?.connect_urls?.length ?? 1;
        await kvm.create(REGISTRY_BUCKET, { history: 1, replicas: Math.min(3, Math.max(1, servers)) });
        continue;
      }
      const cluster = status.streamInfo.cluster;
      if (!cluster || cluster.leader) return bucket;
    } catch (error) {
      // A NATS cluster that has just started answers "jetstream is not enabled" until it has elected its leader.
      if (Date.now() > deadline) throw /jetstream is not enabled/i.test(String(error)) ? new NoJetStreamError(waitMs) : error;
    }
    if (Date.now() > deadline) throw new NoJetStreamError(waitMs);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** NATS answered without JetStream for as long as openRegistry waited: a server started without -js, or a cluster with no leader. */
export class NoJetStreamError extends Error {
  readonly code = 'NO_JETSTREAM';
  constructor(waitMs: number) {
    super(`NATS has no JetStream for the catalogue registry after ${Math.round(waitMs / 1000)} s: start nats-server with JetStream (-js), and give a cluster time to elect its JetStream leader.`);
  }
}

/**
 * Writes the part's record, trying again for up to `waitMs`: while its NATS server restarts, or a cluster
 * elects the bucket's new leader, a write finds no one to answer it, and a node that gave up then would
 * exit over a moment's outage.
 */
export async function announcePart(kv: KV, record: PartRecord, waitMs = 20_000): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await kv.put(recordKey(record), JSON.stringify(record));
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Every catalogue in the registry. A catalogue split in two ways (parts of 2 and of 4 announced) is
 * described by its latest split, the one whose newest part was created last.
 *
 * The records are read through one consumer of the bucket's stream, which its leader serves, rather than
 * key by key: a key-by-key read is a direct get, which any replica answers, and a replica still catching up
 * answers "no such key" for a part announced a moment ago.
 */
export async function readRegistry(kv: KV): Promise<Map<string, RegisteredCatalogue>> {
  const latest = new Map<string, KvEntry>();
  for await (const entry of await kv.history()) {
    const seen = latest.get(entry.key);
    if (!seen || entry.revision > seen.revision) latest.set(entry.key, entry);
  }
  const records = [...latest.values()].filter((entry) => entry.operation === 'PUT' && entry.length > 0).map((entry) => entry.json<PartRecord>());
  const splits = new Map<string, RegisteredCatalogue & { newest: string }>();
  for (const record of records) {
    const key = `${record.database}/${record.part.of}`;
    const split = splits.get(key) ?? { database: record.database, of: record.part.of, parts: new Map<number, PartRecord>(), newest: '' };
    split.parts.set(record.part.index, record);
    if (record.created > split.newest) split.newest = record.created;
    splits.set(key, split);
  }
  const catalogues = new Map<string, RegisteredCatalogue>();
  for (const { newest, ...split } of splits.values()) {
    const current = catalogues.get(split.database);
    if (!current || newest > [...current.parts.values()].reduce((latest, part) => (part.created > latest ? part.created : latest), '')) catalogues.set(split.database, split);
  }
  return catalogues;
}
