import { createHash } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import type { KV } from '@nats-io/kv';
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

export async function openRegistry(nc: NatsConnection): Promise<KV> {
  // create() opens the bucket when it exists; history 1: only the current record of a part matters.
  return new Kvm(nc).create(REGISTRY_BUCKET, { history: 1 });
}

export async function announcePart(kv: KV, record: PartRecord): Promise<void> {
  await kv.put(recordKey(record), JSON.stringify(record));
}

/**
 * Every catalogue in the registry. A catalogue split in two ways (parts of 2 and of 4 announced) is
 * described by its latest split, the one whose newest part was created last.
 */
export async function readRegistry(kv: KV): Promise<Map<string, RegisteredCatalogue>> {
  const records: PartRecord[] = [];
  for await (const key of await kv.keys()) {
    const entry = await kv.get(key);
    if (entry && entry.operation === 'PUT' && entry.length > 0) records.push(entry.json<PartRecord>());
  }
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
