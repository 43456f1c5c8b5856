import { defineConfig, EntitySchema, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { MIGRATIONS } from './migrations';

/** How long a request waits for a database connection (from the pool, or a new one) before it fails. */
export const DATABASE_TIMEOUT_MS = 5_000;

/**
 * No table mapped: what the operator's commands (plain statements on the identity tables) and the migrator (SQL of its
 * own) need, so that neither loads a context.
 */
export const NO_ENTITIES: EntitySchema<any, any>[] = [];

/** One ORM configuration for the API, the worker, the CLI, migrations and tests, over the tables each one needs. */
export function baseOrmConfig(databaseUrl: string, entities: EntitySchema<any, any>[], options: { poolMax?: number; debug?: boolean } = {}) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities,
    discovery: { warnWhenNoEntities: entities.length > 0 },
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, tableName: 'schema_migrations', transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // A request never waits forever on the database: a pooled connection is handed out within 5 s or the request
    // fails (500 internal_error), and so does opening a new one to a server that does not answer (no pg default).
    // MikroORM 7's pool is `pg`'s, whose `connectionTimeoutMillis` bounds both the wait and the connect.
    pool: { min: 0, max: options.poolMax ?? 10, idleTimeoutMillis: 10_000 },
    driverOptions: { connectionTimeoutMillis: DATABASE_TIMEOUT_MS, keepAlive: true },
    forceUtcTimezone: true,
    debug: options.debug ?? false,
    allowGlobalContext: false,
    ensureDatabase: false,
    serialization: { forceObject: true },
  });
}
