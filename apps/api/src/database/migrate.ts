import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './orm-config';

/** Applies pending migrations; returns the names applied. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(ormConfig(databaseUrl, { poolMax: 1 }));
  try {
    const applied = await orm.getMigrator().up();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}
