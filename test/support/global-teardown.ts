import { rmSync } from 'node:fs';
import { withAdminClient } from './test-database';
import { OPENAPI_DOCUMENT_ENV, RESPONSE_VALIDATORS_ENV } from './run-openapi';
import { dirname } from 'node:path';

interface EmbeddedHandle {
  stop(): Promise<void>;
  parent: string;
}

/** Drops the template (and any database a crashed file left behind), then stops the embedded server if we started one. */
export default async function globalTeardown(): Promise<void> {
  const globals = globalThis as Record<string, unknown>;
  const setup = globals.__estateTemplate as { adminUrl: string; template: string } | undefined;
  if (setup) {
    await withAdminClient(setup.adminUrl, async (client) => {
      const prefix = setup.template.replace('estate_template_', 'estate_test_');
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [setup.template, `${prefix}%`],
      );
      for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    });
  }
  for (const made of [process.env[RESPONSE_VALIDATORS_ENV], process.env[OPENAPI_DOCUMENT_ENV] && dirname(process.env[OPENAPI_DOCUMENT_ENV])]) {
    if (made) rmSync(made, { recursive: true, force: true });
  }
  const embedded = globals.__estateEmbeddedDatabase as EmbeddedHandle | undefined;
  if (embedded) {
    await embedded.stop();
    rmSync(embedded.parent, { recursive: true, force: true });
  }
}
