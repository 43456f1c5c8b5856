import { Client } from 'pg';

/** Set by the global setup for every worker: where to create databases, and the migrated template to clone. */
export const TEST_ADMIN_URL_ENV = 'ESTATE_TEST_ADMIN_URL';
export const TEST_TEMPLATE_ENV = 'ESTATE_TEST_TEMPLATE_DB';

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for one test file, cloned from the migrated template: files run in parallel without
 * sharing rows, on the embedded server and on a real one alike. Concurrent clones of one template can collide on
 * PostgreSQL's "source database is being accessed" check, so a clone is retried briefly.
 */
export async function cloneTemplateDatabase(name: string): Promise<string> {
  const adminUrl = process.env[TEST_ADMIN_URL_ENV];
  const template = process.env[TEST_TEMPLATE_ENV];
  if (!adminUrl || !template) throw new Error('test database settings missing: run the suite through jest (global setup)');
  await withAdminClient(adminUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return databaseUrl(adminUrl, name);
}

export async function dropDatabase(name: string): Promise<void> {
  const adminUrl = process.env[TEST_ADMIN_URL_ENV];
  if (!adminUrl) return;
  await withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}
