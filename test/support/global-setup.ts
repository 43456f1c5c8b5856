import 'reflect-metadata';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDatabase } from '../../apps/api/src/database/embedded-database';
import { applyMigrations } from '../../apps/api/src/database/migrate';
import { databaseUrl, TEST_ADMIN_URL_ENV, TEST_TEMPLATE_ENV, withAdminClient } from './test-database';
import { freePort } from './free-port';
import { previewDocument } from '../../apps/api/src/preview-document';
import { OPENAPI_DOCUMENT_ENV, RESPONSE_VALIDATORS_ENV, VALIDATORS_INDEX } from './run-openapi';
import { precompileResponseValidators } from './openapi-responses';


/**
 * Once per run: a PostgreSQL (DATABASE_URL's server, or an embedded one in a throwaway directory), and a template
 * database migrated once. Each test file then clones its own database from the template.
 */
export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const parent = mkdtempSync(join(tmpdir(), 'estate-test-'));
    // As root the server runs as the `postgres` user, which must be able to reach its data directory.
    chmodSync(parent, 0o755);
    const dataDir = join(parent, 'postgres');
    const embedded = await startEmbeddedDatabase({ dataDir, port: await freePort(), persistent: false });
    (globalThis as Record<string, unknown>).__estateEmbeddedDatabase = { stop: embedded.stop, parent };
    adminUrl = embedded.url;
  }
  const template = `estate_template_${process.pid}_${Date.now().toString(36)}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${template}"`));
  await applyMigrations(databaseUrl(adminUrl, template));
  // Every test file checks its responses against the document the app serves; it is the same for every file of the
  // run, so it is built here once instead of by each file's app (seconds a file).
  const documentFile = join(mkdtempSync(join(tmpdir(), 'estate-openapi-')), 'openapi.json');
  const document = JSON.parse(JSON.stringify(await previewDocument()));
  writeFileSync(documentFile, JSON.stringify(document));
  process.env[OPENAPI_DOCUMENT_ENV] = documentFile;
  // So are the validators of its responses; their code requires Ajv's runtime, so they sit below our node_modules.
  const validators = precompileResponseValidators(document, join(__dirname, '../../node_modules/.cache', `estate-response-validators-${process.pid}-${Date.now().toString(36)}`));
  writeFileSync(join(validators.dir, VALIDATORS_INDEX), JSON.stringify(validators.files));
  process.env[RESPONSE_VALIDATORS_ENV] = validators.dir;
  process.env[TEST_ADMIN_URL_ENV] = adminUrl;
  process.env[TEST_TEMPLATE_ENV] = template;
  (globalThis as Record<string, unknown>).__estateTemplate = { adminUrl, template };
}
