import type { Insertable } from 'kysely';
import type { Store } from '../store/database.ts';
import type { AdmetTable, AnalyticsEventTable, DownloadEventTable, QuotationTable, SearchEventTable } from '../store/store-schema.ts';

/** The tracking rows of spec section 3 and analytics events, all in our own store. */
export class TrackingRepository {
  constructor(private readonly store: Store) {}

  /** A search is recorded once, however often the client reports it. */
  async insertSearch(row: Insertable<SearchEventTable>): Promise<void> {
    await this.store.db
      .insertInto('searches')
      .values(row)
      .onConflict((conflict) => conflict.column('search_id').doNothing())
      .execute();
  }

  async insertDownload(row: Insertable<DownloadEventTable>): Promise<void> {
    await this.store.db.insertInto('download_events').values(row).execute();
  }

  async completeDownload(downloadId: string, molecules: number, bytes: number): Promise<void> {
    await this.store.db
      .updateTable('download_events')
      .set({ num_molecules_downloaded: molecules, file_size_bytes: bytes })
      .where('download_id', '=', downloadId)
      .execute();
  }

  async insertQuotation(row: Insertable<QuotationTable>): Promise<void> {
    await this.store.db.insertInto('quotations').values(row).execute();
  }

  async insertAdmet(row: Insertable<AdmetTable>): Promise<void> {
    await this.store.db.insertInto('admet_properties').values(row).execute();
  }

  async insertAnalytics(row: Insertable<AnalyticsEventTable>): Promise<void> {
    await this.store.db.insertInto('analytics_events').values(row).execute();
  }
}
