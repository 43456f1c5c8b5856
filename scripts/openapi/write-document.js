#!/usr/bin/env node
/**
 * Writes the OpenAPI document that `/v1/openapi.json` serves, from the built app (`npm run build` first), without a
 * database, Redis or a listening server: Nest's preview mode registers the modules and controllers without
 * instantiating any provider, which is all @nestjs/swagger needs to read the routes.
 *
 *   node scripts/openapi/write-document.js <output.json>
 */
'use strict';
require('reflect-metadata');
const { writeFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { NestFactory } = require('@nestjs/core');

const dist = resolve(__dirname, '../../dist');
const { AppModule } = require(`${dist}/apps/api/src/app.module`);
const { apiDocument } = require(`${dist}/apps/api/src/api-document`);
const { loadAppConfig, ResourceCatalog } = require(`${dist}/libs/shared-kernel/src`);

async function main() {
  const output = process.argv[2];
  if (!output) throw new Error('usage: write-document.js <output.json>');
  // Nothing connects in preview mode; the configuration only has to be well-formed.
  const config = loadAppConfig({}, { databaseUrl: 'postgres://preview@127.0.0.1:1/preview', fieldEncryptionKey: Buffer.alloc(32), logLevel: 'silent' });
  const app = await NestFactory.create(AppModule.register(config), { preview: true, logger: false, abortOnError: false });
  try {
    // Preview mode instantiates no provider: the catalog is gathered from the registered controllers directly.
    writeFileSync(output, `${JSON.stringify(apiDocument(app, ResourceCatalog.of(app)), null, 2)}\n`);
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
