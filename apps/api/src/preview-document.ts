import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { loadAppConfig, ResourceCatalog } from '@estate/shared-kernel';
import { apiDocument } from './api-document';
import { AppModule } from './app.module';

/**
 * The document `/v1/openapi.json` serves, built without a database, Redis or a listening server: Nest's preview mode
 * registers the modules and controllers without instantiating any provider, which is all @nestjs/swagger needs to read
 * the routes. `npm run openapi:check` writes it, and the test run checks every response against it.
 */
export async function previewDocument(): Promise<OpenAPIObject> {
  // Nothing connects in preview mode; the configuration only has to be well-formed.
  const config = loadAppConfig({}, { databaseUrl: 'postgres://preview@127.0.0.1:1/preview', fieldEncryptionKey: Buffer.alloc(32), logLevel: 'silent' });
  const app = await NestFactory.create(AppModule.register(config), { preview: true, logger: false, abortOnError: false });
  try {
    // Preview mode instantiates no provider: the catalog is gathered from the registered controllers directly.
    return apiDocument(app, ResourceCatalog.of(app));
  } finally {
    await app.close();
  }
}
