import { defineConfig, EntityManager, PostgreSqlDriver, RequestContext } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { AccessTokenSchema, OrganizationSchema, requestEntityManager, UserSchema } from '@estate/shared-kernel';
import { CASE_ENTITIES } from '@estate/case';
import { ASSETS_ENTITIES } from '@estate/assets';
import { COMMS_ENTITIES } from '@estate/comms';
import { PROBATE_ENTITIES } from '@estate/probate';
import { TRANSFERS_ENTITIES } from '@estate/transfers';
import { MIGRATIONS } from './migrations';

export const ENTITIES = [OrganizationSchema, UserSchema, AccessTokenSchema, ...CASE_ENTITIES, ...ASSETS_ENTITIES, ...PROBATE_ENTITIES, ...COMMS_ENTITIES, ...TRANSFERS_ENTITIES];

/** How long a request waits for a database connection (from the pool, or a new one) before it fails. */
export const DATABASE_TIMEOUT_MS = 5_000;

/** One ORM configuration for the API, the worker, the CLI, migrations and tests. The schema comes only from migrations. */
export function ormConfig(databaseUrl: string, options: { poolMax?: number; debug?: boolean } = {}) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities: ENTITIES,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, tableName: 'schema_migrations', transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // A request never waits forever on the database: a pooled connection is handed out within 5 s or the request
    // fails (500 internal_error), and so does opening a new one to a server that does not answer (no pg default).
    pool: { min: 0, max: options.poolMax ?? 10, acquireTimeoutMillis: DATABASE_TIMEOUT_MS, createTimeoutMillis: DATABASE_TIMEOUT_MS },
    driverOptions: { connection: { connectionTimeoutMillis: DATABASE_TIMEOUT_MS, keepAlive: true } },
    forceUtcTimezone: true,
    debug: options.debug ?? false,
    allowGlobalContext: false,
    // A request's entity manager is forked when the request first needs one (the kernel's request scope; a GET served
    // by plain statements never does); outside a request, MikroORM's own RequestContext as before.
    context: (name: string) => requestEntityManager<EntityManager>() ?? RequestContext.getEntityManager(name),
    ensureDatabase: false,
    serialization: { forceObject: true },
  });
}
