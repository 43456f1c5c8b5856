import { NestFactory } from '@nestjs/core';
import { loadAppConfig, ResourceCatalog } from '@estate/shared-kernel';
import { AppModule } from '../../apps/api/src/app.module';
import { apiDocument } from '../../apps/api/src/api-document';

/**
 * The document `/v1/openapi.json` serves, built as `npm run openapi:check` builds it: Nest's preview mode registers
 * the modules and controllers without instantiating any provider or connecting anywhere, which is all the document
 * needs. test/openapi.e2e-spec.ts checks that a running app serves this same document.
 */
export async function servedDocument(): Promise<Record<string, unknown>> {
  const config = loadAppConfig({}, { databaseUrl: 'postgres://preview@127.0.0.1:1/preview', fieldEncryptionKey: Buffer.alloc(32), logLevel: 'silent' });
  const app = await NestFactory.create(AppModule.register(config), { preview: true, logger: false, abortOnError: false });
  try {
    return JSON.parse(JSON.stringify(apiDocument(app, ResourceCatalog.of(app))));
  } finally {
    await app.close();
  }
}
