import { join } from 'node:path';
import { ormConfig } from './orm-config';

/** The committed snapshot of the schema the entities' metadata describes, beside the founding migrations. */
export const SCHEMA_SNAPSHOT_NAME = '.snapshot-estate';

/** The founding migrations' folder, from the repository's root (the generator runs from the build, writing sources). */
export function foundingMigrationsFolder(root: string): string {
  return join(root, 'apps/api/src/database/migrations');
}

/**
 * The ORM configuration of MikroORM's migration generator: every context's entities, never connected (the generator
 * diffs the metadata against the committed snapshot, not against a database, and MikroORM 7 connects only when asked), and TypeScript migrations named as
 * `committedMigrations()` gathers them. `snapshotFolder` defaults to the committed one.
 */
export function migrationGeneratorConfig(root: string, snapshotFolder = foundingMigrationsFolder(root)) {
  const base = ormConfig('postgres://generator@127.0.0.1:1/generator');
  return {
    ...base,
    migrations: { ...base.migrations, snapshot: true, snapshotName: SCHEMA_SNAPSHOT_NAME, path: snapshotFolder, pathTs: snapshotFolder, emit: 'ts' as const },
  };
}
