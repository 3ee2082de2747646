import type { Selectable } from 'kysely';
import type { Store } from '../store/database.ts';
import type { ApiKeyTable } from '../store/store-schema.ts';

export type ApiKeyRow = Selectable<ApiKeyTable>;

/** API key rows. Every read and write of a user's keys names the user, so one user never reaches another's key. */
export class ApiKeyRepository {
  constructor(private readonly store: Store) {}

  listActive(userId: string): Promise<ApiKeyRow[]> {
    return this.store.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('is_active', '=', 1)
      .orderBy('created_at', 'desc')
      .orderBy('api_key_id', 'desc')
      .execute();
  }

  /**
   * Inserts the key unless the user already has `max` active keys. The count and the insert run in one
   * transaction that first locks the user's profile row (PostgreSQL) — SQLite runs transactions one at a
   * time — so two requests at once cannot both take the last place.
   */
  async insertWithin(row: ApiKeyRow, max: number): Promise<boolean> {
    return this.store.db.transaction().execute(async (trx) => {
      if (this.store.kind === 'postgres') await trx.selectFrom('profiles').select('id').where('id', '=', row.user_id).forUpdate().execute();
      const { count } = await trx
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', row.user_id)
        .where('is_active', '=', 1)
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) return false;
      await trx.insertInto('api_keys').values(row).execute();
      return true;
    });
  }

  async update(userId: string, keyId: string, changes: { key_name: string; key_description: string | null; updated_at: number }): Promise<ApiKeyRow | undefined> {
    const result = await this.store.db
      .updateTable('api_keys')
      .set(changes)
      .where('api_key_id', '=', keyId)
      .where('user_id', '=', userId)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return this.store.db.selectFrom('api_keys').selectAll().where('api_key_id', '=', keyId).where('user_id', '=', userId).executeTakeFirst();
  }

  /** Soft delete: the row stays, inactive. */
  async deactivate(userId: string, keyId: string, now: number): Promise<boolean> {
    const result = await this.store.db
      .updateTable('api_keys')
      .set({ is_active: 0, updated_at: now })
      .where('api_key_id', '=', keyId)
      .where('user_id', '=', userId)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  findActiveByHash(hash: string): Promise<ApiKeyRow | undefined> {
    return this.store.db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).where('is_active', '=', 1).executeTakeFirst();
  }

  async recordUse(keyId: string, now: number): Promise<void> {
    await this.store.db
      .updateTable('api_keys')
      .set((eb) => ({ usage_count: eb('usage_count', '+', 1), last_used_at: now }))
      .where('api_key_id', '=', keyId)
      .execute();
  }
}
