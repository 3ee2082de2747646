import type { Store } from '../store/database.ts';
import type { BatchTable } from '../store/store-schema.ts';

export type BatchRow = BatchTable;

/** Reads and writes batch rows; a batch's queries are jobs (job.repository.ts). */
export class BatchRepository {
  constructor(private readonly store: Store) {}

  async insert(batch: BatchRow): Promise<void> {
    await this.store.db.insertInto('batches').values(batch).execute();
  }

  async find(id: string): Promise<BatchRow | undefined> {
    return this.store.db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
