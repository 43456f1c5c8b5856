#!/usr/bin/env node
/**
 * The types of a client generated from our OpenAPI document, as an integrator generates them: openapi-typescript
 * with its documented `transform` for binary data (openapi-ts.dev, "Blob"), so that `type: string, format: binary`
 * — a multipart upload's `file`, a PDF answer — is a `Blob` in TypeScript, not a `string` no file could be passed as.
 * `npm run openapi:check` and test/integrator-quickstart.e2e-spec.ts both generate with it.
 *
 *   node scripts/openapi/client-types.js <openapi.json> <schema.d.ts>
 */
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const ts = require('typescript');
const { default: openapiTS, astToString, COMMENT_HEADER } = require('openapi-typescript');

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

/** `format: binary` → `Blob` (`Blob | null` when the schema also allows null). */
function binaryAsBlob(schema) {
  if (schema.format !== 'binary') return undefined;
  const types = [].concat(schema.type ?? []);
  return types.includes('null') || schema.nullable ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
}

/** The `.d.ts` text of the client types of `document` (a parsed OpenAPI document). */
async function clientTypes(document) {
  const ast = await openapiTS(document, { transform: binaryAsBlob });
  return COMMENT_HEADER + astToString(ast);
}

module.exports = { clientTypes };

if (require.main === module) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: client-types.js <openapi.json> <schema.d.ts>');
    process.exit(2);
  }
  clientTypes(JSON.parse(readFileSync(input, 'utf8')))
    .then((text) => writeFileSync(output, text))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
