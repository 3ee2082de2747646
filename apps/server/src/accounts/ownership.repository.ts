import type { Transaction } from 'kysely';
import type { Store } from '../store/database.ts';
import type { StoreSchema } from '../store/store-schema.ts';

/** Tracking rows and analytics events of one principal become another's, inside the caller's transaction. */
async function moveTracking(trx: Transaction<StoreSchema>, from: string, to: string, toUserId: string): Promise<void> {
  await trx.updateTable('searches').set({ user_id: toUserId, principal_id: to }).where('principal_id', '=', from).execute();
  await trx.updateTable('download_events').set({ user_id: toUserId, principal_id: to }).where('principal_id', '=', from).execute();
  await trx.updateTable('quotations').set({ user_id: toUserId, principal_id: to }).where('principal_id', '=', from).execute();
  await trx.updateTable('analytics_events').set({ principal_id: to }).where('principal_id', '=', from).execute();
}

/**
 * Moves everything an anonymous user owns to the account it became, in one transaction: its searches
 * (jobs and their downloads), API keys, tracking rows, analytics events and, when the account has
 * none yet, its profile.
 */
export class OwnershipRepository {
  constructor(private readonly store: Store) {}

  async transfer(fromUserId: string, toUserId: string): Promise<void> {
    if (fromUserId === toUserId) return;
    const from = `user:${fromUserId}`;
    const to = `user:${toUserId}`;
    await this.store.db.transaction().execute(async (trx) => {
      await trx.updateTable('jobs').set({ principal_id: to }).where('principal_id', '=', from).execute();
      await trx.updateTable('api_keys').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
      await moveTracking(trx, from, to, toUserId);
      await trx.updateTable('admet_properties').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
      const target = await trx.selectFrom('profiles').select('id').where('id', '=', toUserId).executeTakeFirst();
      if (!target) await trx.updateTable('profiles').set({ id: toUserId }).where('id', '=', fromUserId).execute();
    });
  }

  /**
   * A visitor known by its cookie who then gets an anonymous account keeps the searches made before:
   * they become the account's (and so private to it).
   */
  async adoptVisitor(visitorPrincipalId: string, userId: string): Promise<number> {
    if (!visitorPrincipalId.startsWith('visitor:')) return 0;
    const to = `user:${userId}`;
    return this.store.db.transaction().execute(async (trx) => {
      const moved = await trx.updateTable('jobs').set({ principal_id: to }).where('principal_id', '=', visitorPrincipalId).executeTakeFirst();
      await moveTracking(trx, visitorPrincipalId, to, userId);
      return Number(moved.numUpdatedRows);
    });
  }
}
