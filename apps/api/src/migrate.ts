import 'reflect-metadata';
import { applyMigrations } from './database/migrate';
import { exitWith, prepareRuntime } from './runtime';

/** `npm run migrate`: apply pending migrations and exit. */
async function main(): Promise<void> {
  const runtime = await prepareRuntime({ migrate: false });
  try {
    const applied = await applyMigrations(runtime.config.databaseUrl);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'the schema is up to date\n');
  } finally {
    await runtime.stop();
  }
}

main().catch(exitWith);
