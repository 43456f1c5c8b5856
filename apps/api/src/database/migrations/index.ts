import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Migration } from '@mikro-orm/migrations';

/** A committed migration as MikroORM's migrator takes it from a list. */
export interface CommittedMigration {
  name: string;
  class: new (...args: any[]) => Migration;
}

/** `Migration20261201170000_accountings.ts` (or `.js` once built); the timestamp orders them. */
const MIGRATION_FILE = /^(Migration\d{14}_\w+)\.(js|ts)$/;

/** The folders that hold migrations: this one (what the service was founded with) and each context's `migrations/`. */
function migrationFolders(): string[] {
  const libs = resolve(__dirname, '../../../../../libs');
  const contexts = readdirSync(libs, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const own = contexts.map((context) => join(libs, context.name, 'src', 'migrations')).filter((folder) => isFolder(folder));
  return [__dirname, ...own];
}

function isFolder(path: string): boolean {
  try {
    return readdirSync(path) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Every committed migration, ordered by its name's timestamp, gathered from the folders that hold them: a new table is
 * a migration file beside its context's declarations, with no list to edit. The built service finds the compiled files
 * and the tests the sources, so both run the same migrations.
 */
export function committedMigrations(): CommittedMigration[] {
  const found = new Map<string, CommittedMigration>();
  for (const folder of migrationFolders()) {
    for (const file of readdirSync(folder)) {
      const match = MIGRATION_FILE.exec(file);
      if (!match || file.endsWith('.d.ts')) continue;
      const name = match[1];
      if (found.has(name)) throw new Error(`migration ${name} is committed twice`);
      const exported = require(join(folder, file))[name];
      if (typeof exported !== 'function') throw new Error(`${file} does not export a class named ${name}`);
      found.set(name, { name, class: exported });
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export const MIGRATIONS = committedMigrations();
