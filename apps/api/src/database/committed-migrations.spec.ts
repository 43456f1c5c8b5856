import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { committedMigrations } from './migrations';

describe('committed migrations', () => {
  it('are every Migration file of the folders, once each, in the order of their timestamps', () => {
    const migrations = committedMigrations();
    const files = readdirSync(join(__dirname, 'migrations')).filter((file) => /^Migration\d{14}_\w+\.ts$/.test(file));
    expect(migrations.map((migration) => `${migration.name}.ts`).sort()).toEqual(expect.arrayContaining(files.sort()));
    expect(migrations[0].name).toBe('Migration20261122000000_foundation');
    const names = migrations.map((migration) => migration.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    for (const migration of migrations) expect(typeof migration.class.prototype.up).toBe('function');
  });
});
