import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ulid } from 'ulid';
import { field, recordShape } from '@estate/shared-kernel';
import { ENTITIES } from '../apps/api/src/database/orm-config';
import { foundingMigrationsFolder, migrationGeneratorConfig, SCHEMA_SNAPSHOT_NAME } from '../apps/api/src/database/migration-generator';
import { committedMigrations } from '../apps/api/src/database/migrations';
import { cloneTemplateDatabase, dropDatabase } from './support/test-database';

/**
 * Migrations are generated from the declarations' metadata by MikroORM's migration generator, against the committed
 * schema snapshot (`npm run migration:create -- <context> <name>`); the committed migrations stay what deploys.
 */
const ROOT = resolve(__dirname, '..');

/** A declaration the tree does not have: what a new resource's file would add. */
const boatShape = recordShape({
  name: 'boat',
  table: 'generator_probe_boats',
  fields: {
    name: field.string({ required: true, max: 120, description: 'Name.', example: 'Sea Breeze' }),
    hullType: field.enum(['monohull', 'catamaran'], { description: 'Hull.', example: 'monohull' }),
    value: field.money({ description: 'Value.', example: 12000 }),
  },
});

describe('migrations generated from the metadata', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  function snapshotCopy(): string {
    // Inside the checkout, so that the generated file resolves the project's packages as a committed one would.
    const folder = mkdtempSync(join(ROOT, 'test', '.generated-migrations-'));
    folders.push(folder);
    copyFileSync(join(foundingMigrationsFolder(ROOT), `${SCHEMA_SNAPSHOT_NAME}.json`), join(folder, `${SCHEMA_SNAPSHOT_NAME}.json`));
    return folder;
  }

  it('the committed snapshot is what the declarations describe: no change to the metadata waits for its migration', async () => {
    const orm = await MikroORM.init(migrationGeneratorConfig(ROOT, snapshotCopy()));
    try {
      const migrator = orm.migrator;
      const pending = await migrator.checkSchema();
      // The statements say what a change would need, should this fail: `npm run migration:create` writes them.
      expect({ pending, statements: pending ? (await migrator.create(snapshotCopy(), false, false, 'pending')).diff.up : [] }).toEqual({ pending: false, statements: [] });
    } finally {
      await orm.close();
    }
  });

  it("writes a new declaration's table as the next migration, which the migrator then applies after the committed ones", async () => {
    const folder = snapshotCopy();
    const orm = await MikroORM.init({ ...migrationGeneratorConfig(ROOT, folder), entities: [...ENTITIES, boatShape.schema] });
    let written: string;
    try {
      const result = await orm.migrator.create(folder, false, false, 'generator_probe_boats');
      written = result.fileName.replace(/\.ts$/, '');
      expect(result.diff.up.join('\n')).toMatch(/create table "generator_probe_boats"/);
      // Only the new table: everything else already stands in the snapshot.
      expect(result.diff.up.filter((statement) => statement !== '' && !/generator_probe_boats/.test(statement))).toEqual([]);
      // The snapshot moved on: generating again finds nothing.
      expect(await orm.migrator.checkSchema()).toBe(false);
    } finally {
      await orm.close();
    }
    expect(written).toMatch(/^Migration\d{14}_generator_probe_boats$/);
    expect(readdirSync(folder)).toContain(`${written}.ts`);
    expect(readFileSync(join(folder, `${written}.ts`), 'utf8')).toMatch(new RegExp(`export class ${written} extends Migration`));

    const name = `estate_generated_${ulid().toLowerCase()}`;
    const url = await cloneTemplateDatabase(name);
    try {
      const generated = { name: written, class: require(join(folder, `${written}.ts`))[written] };
      const config = migrationGeneratorConfig(ROOT, folder);
      const database = await MikroORM.init({ ...config, clientUrl: url, entities: [...ENTITIES, boatShape.schema], migrations: { ...config.migrations, migrationsList: [...committedMigrations(), generated] } });
      try {
        const applied = await database.migrator.up();
        expect(applied.map((migration) => migration.name)).toEqual([written]);
      } finally {
        await database.close();
      }
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        const columns = await client.query(`select column_name, data_type, is_nullable from information_schema.columns where table_name = 'generator_probe_boats' order by column_name`);
        expect(columns.rows).toEqual(
          expect.arrayContaining([
            { column_name: 'name', data_type: 'character varying', is_nullable: 'NO' },
            { column_name: 'hull_type', data_type: 'text', is_nullable: 'YES' },
            { column_name: 'value', data_type: 'numeric', is_nullable: 'YES' },
            { column_name: 'case_id', data_type: 'character varying', is_nullable: 'NO' },
          ]),
        );
        // An enum field's values are checked by the database too.
        await expect(
          client.query(`insert into generator_probe_boats (id, case_id, name, hull_type, created_at, updated_at) values ('b1', 'c1', 'Boat', 'raft', now(), now())`),
        ).rejects.toThrow(/generator_probe_boats_hull_type_check/);
      } finally {
        await client.end();
      }
    } finally {
      await dropDatabase(name);
    }
  });
});
