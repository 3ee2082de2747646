import type { Selectable, Updateable } from 'kysely';
import type { Store } from '../store/database.ts';
import type { AuthUserTable, ProfileTable } from '../store/store-schema.ts';

export type ProfileRow = Selectable<ProfileTable>;
export type AuthUserRow = Selectable<AuthUserTable>;

/** Profile rows (one per user, keyed by the user id) and reads of better-auth's user row. */
export class ProfileRepository {
  constructor(private readonly store: Store) {}

  find(userId: string): Promise<ProfileRow | undefined> {
    return this.store.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  /** Inserts the row unless one exists (two first requests at once both succeed), then reads it. */
  async insertIfMissing(row: ProfileRow): Promise<ProfileRow> {
    await this.store.db
      .insertInto('profiles')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return (await this.find(row.id))!;
  }

  async update(userId: string, changes: Updateable<ProfileTable>): Promise<ProfileRow | undefined> {
    await this.store.db.updateTable('profiles').set(changes).where('id', '=', userId).execute();
    return this.find(userId);
  }

  findUser(userId: string): Promise<AuthUserRow | undefined> {
    return this.store.db.selectFrom('user').select(['id', 'name', 'email', 'emailVerified', 'image', 'isAnonymous']).where('id', '=', userId).executeTakeFirst();
  }
}
