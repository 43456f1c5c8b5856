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

const { previewDocument } = require(resolve(__dirname, '../../dist/apps/api/src/preview-document'));

async function main() {
  const output = process.argv[2];
  if (!output) throw new Error('usage: write-document.js <output.json>');
  writeFileSync(output, `${JSON.stringify(await previewDocument(), null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
