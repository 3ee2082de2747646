import { sql } from 'kysely';
import type { Store } from '../store/database.ts';
import { DATABASE_NOW } from '../store/database-clock.ts';

/**
 * Leases on downloads being prepared, for API servers sharing one PostgreSQL database: the server that
 * queues or builds a download holds it and renews the lease; a download whose lease lapsed (its server
 * died) is taken by another server, which builds it.
 */
export class DownloadLeaseRepository {
  readonly owner: string;
  private readonly leaseMs: number;

  constructor(
    private readonly store: Store,
    options: { owner: string; leaseMs: number },
  ) {
    this.owner = options.owner;
    this.leaseMs = options.leaseMs;
  }

  /** Takes the download for this server, or keeps it: answers false when it is ready, failed or another live server's. */
  async take(id: string): Promise<boolean> {
    const rows = await this.store.db
      .updateTable('downloads')
      .set({ owner: this.owner, lease_until: sql<number>`${DATABASE_NOW} + ${this.leaseMs}` })
      .where('id', '=', id)
      .where('state', '=', 'preparing')
      .where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '=', this.owner), eb('lease_until', 'is', null), eb('lease_until', '<', DATABASE_NOW)]))
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** Extends this server's leases on `ids`; answers the ids it still holds. */
  async renew(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.store.db
      .updateTable('downloads')
      .set({ lease_until: sql<number>`${DATABASE_NOW} + ${this.leaseMs}` })
      .where('id', 'in', ids)
      .where('owner', '=', this.owner)
      .where('state', '=', 'preparing')
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Downloads being prepared that no live server holds: their server died or gave them back. */
  async lapsed(): Promise<{ id: string; job_id: string }[]> {
    return this.store.db
      .selectFrom('downloads')
      .select(['id', 'job_id'])
      .where('state', '=', 'preparing')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', DATABASE_NOW)]))
      .orderBy('created_at')
      .execute();
  }

  /** Gives back the downloads this server holds but has not built, so another server takes them at once. */
  async release(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.store.db.updateTable('downloads').set({ owner: null, lease_until: null }).where('id', 'in', ids).where('owner', '=', this.owner).execute();
  }
}
