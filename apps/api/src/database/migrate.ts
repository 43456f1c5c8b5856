import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './orm-config';

/** An arbitrary constant naming this service's migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK = 731_522_026;

/** Applies pending migrations; returns the names applied. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(ormConfig(databaseUrl, { poolMax: 1 }));
  try {
    // Several processes may start at once against one database: one migrates, the others wait and find nothing to do.
    // The pool has a single connection, so the session-level lock and the migrations share it.
    await orm.em.getConnection().execute('select pg_advisory_lock(?)', [MIGRATION_LOCK]);
    try {
      const applied = await orm.getMigrator().up();
      return applied.map((migration) => migration.name);
    } finally {
      await orm.em.getConnection().execute('select pg_advisory_unlock(?)', [MIGRATION_LOCK]);
    }
  } finally {
    await orm.close(true);
  }
}
