import type { Kysely } from 'kysely';
import type { Store } from '../store/database.ts';
import type { DownloadTable, StoreSchema } from '../store/store-schema.ts';

export type DownloadRow = DownloadTable;

export interface DownloadSelection {
  jobId: string;
  fileFormat: string;
  downloadSuff: string;
  /** '' for all databases. */
  dbName: string;
}

/** Prepared downloads in the store: one row per job, format, selection kind and database. */
export class DownloadRepository {
  constructor(private readonly store: Store) {}

  /** Replaces any earlier download of the same selection: the latest prepare wins. */
  async replace(row: DownloadRow): Promise<DownloadRow | undefined> {
    return this.store.db.transaction().execute(async (trx) => {
      const previous = await selectionRow(trx, { jobId: row.job_id, fileFormat: row.file_format, downloadSuff: row.download_suff, dbName: row.db_name });
      if (previous) await trx.deleteFrom('downloads').where('id', '=', previous.id).execute();
      await trx.insertInto('downloads').values(row).execute();
      return previous;
    });
  }

  async findSelection(selection: DownloadSelection): Promise<DownloadRow | undefined> {
    return selectionRow(this.store.db, selection);
  }

  async find(id: string): Promise<DownloadRow | undefined> {
    return this.store.db.selectFrom('downloads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listPreparing(): Promise<DownloadRow[]> {
    return this.store.db.selectFrom('downloads').selectAll().where('state', '=', 'preparing').orderBy('created_at').execute();
  }

  async markReady(id: string, fileName: string, numMolecules: number, sizeBytes: number): Promise<void> {
    await this.store.db
      .updateTable('downloads')
      .set({ state: 'ready', file_name: fileName, num_molecules: numMolecules, size_bytes: sizeBytes })
      .where('id', '=', id)
      .execute();
  }

  /** What a download still being built says of its progress. */
  async setProgress(id: string, message: string): Promise<void> {
    await this.store.db.updateTable('downloads').set({ message }).where('id', '=', id).where('state', '=', 'preparing').execute();
  }

  async markFailed(id: string, message: string): Promise<void> {
    await this.store.db.updateTable('downloads').set({ state: 'failed', message }).where('id', '=', id).execute();
  }

  /** Downloads past their expiry, or of the given jobs: their files go first, then `forget` deletes the rows. */
  async due(now: number, jobIds: readonly string[]): Promise<DownloadRow[]> {
    return this.store.db
      .selectFrom('downloads')
      .selectAll()
      .where((eb) => (jobIds.length > 0 ? eb.or([eb('expires_at', '<=', now), eb('job_id', 'in', jobIds)]) : eb('expires_at', '<=', now)))
      .execute();
  }

  async forget(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.store.db.deleteFrom('downloads').where('id', 'in', ids).execute();
  }
}

/** The download of `selection`, read through `db` (the store, or a transaction of it). */
function selectionRow(db: Kysely<StoreSchema>, selection: DownloadSelection): Promise<DownloadRow | undefined> {
  return db
    .selectFrom('downloads')
    .selectAll()
    .where('job_id', '=', selection.jobId)
    .where('file_format', '=', selection.fileFormat)
    .where('download_suff', '=', selection.downloadSuff)
    .where('db_name', '=', selection.dbName)
    .executeTakeFirst();
}
