import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { MIGRATIONS } from './migrations';
import { baseOrmConfig, NO_ENTITIES } from './orm-options';

/** An arbitrary constant naming this service's migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK = 731_522_026;

/**
 * Whether any committed migration is missing from the database: one query on one plain connection, so that a start
 * (or a CLI call) on an up-to-date schema does not pay for the migrator (issue 7). Unsure means yes.
 */
export async function hasPendingMigrations(databaseUrl: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select name from schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    return MIGRATIONS.some((migration) => !applied.has(migration.name));
  } catch {
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Applies pending migrations; returns the names applied. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  // Migrations are SQL of their own: the migrator needs no model of the contexts' tables.
  const orm = await MikroORM.init(baseOrmConfig(databaseUrl, NO_ENTITIES, { poolMax: 1 }));
  try {
    // Several processes may start at once against one database: one migrates, the others wait and find nothing to do.
    // The pool has a single connection, so the session-level lock and the migrations share it.
    await orm.em.getConnection().execute('select pg_advisory_lock(?)', [MIGRATION_LOCK]);
    try {
      const applied = await orm.migrator.up();
      return applied.map((migration) => migration.name);
    } finally {
      await orm.em.getConnection().execute('select pg_advisory_unlock(?)', [MIGRATION_LOCK]);
    }
  } finally {
    await orm.close(true);
  }
}
