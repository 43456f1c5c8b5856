/**
 * Issue 35: MikroORM 7 refuses, at flush, an enum property set to a value outside its declared items (6 did not). A
 * value the committed migrations' check constraint allows but the declaration does not list would be a 500 on the
 * first write that stores it (the closure step's stored `blocked` was one). Against the migrated schema: every
 * declared enum column whose table checks its values lists every value the check allows.
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { ulid } from 'ulid';
import { ormConfig } from '../apps/api/src/database/orm-config';
import { cloneTemplateDatabase, dropDatabase } from './support/test-database';

describe('declared enum columns and the checks of the migrated schema', () => {
  const name = `estate_enum_columns_${ulid().toLowerCase()}`;
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await MikroORM.init(ormConfig(await cloneTemplateDatabase(name), { poolMax: 1 }));
  });
  afterAll(async () => {
    await orm?.close(true);
    await dropDatabase(name);
  });

  it('every value a column check allows is one of the declared items of its enum property', async () => {
    const checks = await orm.em.getConnection().execute<Array<{ table: string; definition: string }>>(
      `select c.relname as table, pg_get_constraintdef(k.oid) as definition from pg_constraint k join pg_class c on c.oid = k.conrelid where k.contype = 'c'`,
    );
    const refused: string[] = [];
    let compared = 0;
    for (const meta of orm.getMetadata().getAll().values()) {
      for (const property of Object.values(meta.properties)) {
        if (!property.enum || !property.items || !meta.tableName) continue;
        const column = property.fieldNames[0];
        const allowed = checks
          .filter((check) => check.table === meta.tableName && new RegExp(`\\(+${column}\\)`).test(check.definition))
          .flatMap((check) => [...check.definition.matchAll(/'([^']*)'::/g)].map((match) => match[1]));
        if (allowed.length > 0) compared++;
        for (const value of new Set(allowed)) if (!property.items.map(String).includes(value)) refused.push(`${meta.tableName}.${column}: ${value}`);
      }
    }
    expect(refused).toEqual([]);
    // The comparison found the checks it is about (most enum columns have one).
    expect(compared).toBeGreaterThan(50);
  });
});
