import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/**
 * Accounts: better-auth's tables (user, session, account, verification; columns named as the library
 * expects, with the anonymous plugin's isAnonymous), then profiles, API keys, tracking rows and
 * analytics events. better-auth stores booleans and dates natively on PostgreSQL and as integers and
 * ISO text on SQLite; our own tables keep the store's convention (0/1 and epoch milliseconds).
 */
export const accounts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const bool = postgres ? 'boolean' : 'integer';
    const date = postgres ? 'timestamptz' : 'date';
    const now = postgres ? sql`CURRENT_TIMESTAMP` : undefined;

    await db.schema
      .createTable('user')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('emailVerified', bool, (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
      .addColumn('updatedAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
      .addColumn('isAnonymous', bool)
      .execute();
    await db.schema
      .createTable('session')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('expiresAt', date, (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
      .addColumn('updatedAt', date, (c) => c.notNull())
      .addColumn('ipAddress', 'text')
      .addColumn('userAgent', 'text')
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .execute();
    await db.schema
      .createTable('account')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('accountId', 'text', (c) => c.notNull())
      .addColumn('providerId', 'text', (c) => c.notNull())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('accessToken', 'text')
      .addColumn('refreshToken', 'text')
      .addColumn('idToken', 'text')
      .addColumn('accessTokenExpiresAt', date)
      .addColumn('refreshTokenExpiresAt', date)
      .addColumn('scope', 'text')
      .addColumn('password', 'text')
      .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
      .addColumn('updatedAt', date, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('verification')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expiresAt', date, (c) => c.notNull())
      .addColumn('createdAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
      .addColumn('updatedAt', date, (c) => (now ? c.notNull().defaultTo(now) : c.notNull()))
      .execute();
    await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
    await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
    await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();

    await db.schema
      .createTable('profiles')
      .addColumn('id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('company', 'text')
      .addColumn('ip_address', 'varchar(64)')
      .addColumn('newsletter_consent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('contact_consent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consent_email', 'text')
      .addColumn('account_type', 'varchar(32)', (c) => c.notNull().defaultTo('free'))
      .addColumn('linkedin_profile', 'text')
      .addColumn('completed_registration', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('api_key_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('key_prefix', 'varchar(8)', (c) => c.notNull())
      .addColumn('key_suffix', 'varchar(8)', (c) => c.notNull())
      .addColumn('key_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('key_description', 'text')
      .addColumn('tier', 'varchar(32)', (c) => c.notNull())
      .addColumn('expiration_days', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema.createIndex('api_keys_user_active').on('api_keys').columns(['user_id', 'is_active']).execute();

    await db.schema
      .createTable('searches')
      .addColumn('search_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'text')
      .addColumn('principal_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('ip_address', 'varchar(64)')
      .addColumn('search_method', 'varchar(32)', (c) => c.notNull())
      .addColumn('search_quality', 'varchar(32)', (c) => c.notNull())
      .addColumn('databases', 'text', (c) => c.notNull())
      .addColumn('query_smiles', 'text', (c) => c.notNull())
      .addColumn('num_results', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('searches_principal').on('searches').column('principal_id').execute();

    // "downloads" already names the prepared download files; the tracking rows of spec section 3 live here.
    await db.schema
      .createTable('download_events')
      .addColumn('download_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('search_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('principal_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('ip_address', 'varchar(64)')
      .addColumn('download_format', 'varchar(8)', (c) => c.notNull())
      .addColumn('num_molecules_downloaded', 'integer')
      .addColumn('download_metadata', 'integer', (c) => c.notNull())
      .addColumn('download_properties', 'integer', (c) => c.notNull())
      .addColumn('file_size_bytes', 'bigint')
      .addColumn('databases', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('download_events_principal').on('download_events').column('principal_id').execute();

    await db.schema
      .createTable('quotations')
      .addColumn('quotation_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('search_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('principal_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('ip_address', 'varchar(64)')
      .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('clicked_get_quote'))
      .addColumn('query_smiles', 'text', (c) => c.notNull())
      .addColumn('databases', 'text', (c) => c.notNull())
      .addColumn('search_method', 'varchar(32)', (c) => c.notNull())
      .addColumn('additional_notes', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('quotations_principal').on('quotations').column('principal_id').execute();

    await db.schema
      .createTable('admet_properties')
      .addColumn('admet_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('search_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('ip_address', 'varchar(64)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admet_properties_user').on('admet_properties').column('user_id').execute();

    await db.schema
      .createTable('analytics_events')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('principal_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('event', 'varchar(64)', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('analytics_events_event').on('analytics_events').columns(['event', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['analytics_events', 'admet_properties', 'quotations', 'download_events', 'searches', 'api_keys', 'profiles', 'verification', 'account', 'session', 'user']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
