#!/usr/bin/env node
/**
 * Generates the next migration from the entities' metadata with MikroORM's migration generator: the difference between
 * what the declarations describe now and the committed schema snapshot (`.snapshot-estate.json`), written as a
 * TypeScript migration into the context's `src/migrations/` folder (where `committedMigrations()` finds it), and the
 * snapshot moved on. Review the file and commit it with the snapshot: committed migrations are what deploys.
 *
 *   npm run migration:create -- <context> <name>     e.g. npm run migration:create -- assets boat_registrations
 *   npm run migration:create -- --check              exits 1 when the metadata moved without a migration
 *   npm run migration:create -- --restate            moves the snapshot on without a migration: for a declaration that
 *                                                    now states what the committed migrations already made (a check,
 *                                                    a column type), when `--check` lists only such statements
 */
'use strict';
require('reflect-metadata');
const { existsSync, mkdirSync, readdirSync, rmdirSync, writeFileSync } = require('node:fs');
const { resolve, join } = require('node:path');

const root = resolve(__dirname, '../..');
const dist = join(root, 'dist');

async function main() {
  const [first, name] = process.argv.slice(2);
  const { MikroORM } = require('@mikro-orm/postgresql');
  const { migrationGeneratorConfig } = require(`${dist}/apps/api/src/database/migration-generator`);
  const orm = await MikroORM.init(migrationGeneratorConfig(root));
  try {
    const migrator = orm.migrator;
    if (first === '--restate') {
      const { foundingMigrationsFolder, SCHEMA_SNAPSHOT_NAME } = require(`${dist}/apps/api/src/database/migration-generator`);
      // What the migrator itself writes as its snapshot after generating a migration (Migrator.storeCurrentSchema).
      const snapshot = join(foundingMigrationsFolder(root), `${SCHEMA_SNAPSHOT_NAME}.json`);
      writeFileSync(snapshot, `${JSON.stringify(orm.schema.getTargetSchema(), null, 2)}\n`);
      console.log(`restated the metadata in ${snapshot}; no migration written`);
      return;
    }
    if (first === '--check') {
      const needed = await migrator.checkSchema();
      console.log(needed ? 'the metadata differs from the committed snapshot: generate a migration' : 'the committed snapshot matches the metadata');
      process.exitCode = needed ? 1 : 0;
      return;
    }
    if (!first || !name || !/^[a-z][a-z0-9_]*$/.test(name)) throw new Error('usage: npm run migration:create -- <context> <name_in_snake_case>');
    const context = join(root, 'libs', first, 'src');
    if (!existsSync(context)) throw new Error(`no context libs/${first}`);
    const folder = join(context, 'migrations');
    mkdirSync(folder, { recursive: true });
    const result = await migrator.create(folder, false, false, name);
    if (!result.fileName && readdirSync(folder).length === 0) rmdirSync(folder);
    console.log(result.fileName ? `wrote ${join(folder, result.fileName)} and moved the snapshot on` : 'nothing changed: no migration written');
  } finally {
    await orm.close();
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
