import type { OpenAPIObject } from '@nestjs/swagger';
import {
  closeRequestSchemas,
  completeResponses,
  declareResponseHeaders,
  describeOperations,
  describeParameters,
  exampleRequestBodies,
  fillEventTypeEnums,
  listTags,
  nameOperations,
  requireAllResponseFields,
  splitSharedSchemas,
} from './document-rules';
import type { DeclaredDocumentParts } from '@estate/shared-kernel';
import { describeWebhooks } from './webhooks-section';
import { describeErrorCodes } from './error-codes-section';


type Node = Record<string, unknown>;

/**
 * @nestjs/swagger writes `nullable: true`, which OpenAPI 3.1 (JSON Schema 2020-12) replaced with a `null` type.
 * Rewrites every schema in place so the document is valid 3.1: `{type: 'string', nullable: true}` becomes
 * `{type: ['string', 'null']}` and a nullable `$ref` becomes `anyOf: [{$ref}, {type: 'null'}]`.
 */
function rewriteNullable(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(rewriteNullable);
  if (node === null || typeof node !== 'object') return;
  const schema = node as Node;
  if ('nullable' in schema) {
    const nullable = schema.nullable === true;
    delete schema.nullable;
    // A reference first: @nestjs/swagger 11.4 writes a nullable reference as `allOf` beside `type: 'object'`, and a
    // `null` type there would still fail the referenced schema.
    if (nullable && typeof schema.$ref === 'string') {
      schema.anyOf = [{ $ref: schema.$ref }, { type: 'null' }];
      delete schema.$ref;
    } else if (nullable && Array.isArray(schema.allOf)) {
      schema.anyOf = [...(schema.allOf as unknown[]), { type: 'null' }];
      delete schema.allOf;
      if (schema.type === 'object') delete schema.type;
    } else if (nullable && typeof schema.type === 'string') {
      schema.type = [schema.type, 'null'];
      if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
    }
  }
  Object.values(schema).forEach(rewriteNullable);
}

/** PATCH bodies are JSON Merge Patch (RFC 7396): declare `application/merge-patch+json` beside `application/json`. */
function declareMergePatch(document: OpenAPIObject): void {
  for (const path of Object.values(document.paths)) {
    const content = (path.patch?.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
    if (content?.['application/json']) content['application/merge-patch+json'] = content['application/json'];
  }
}

/**
 * Turns the document @nestjs/swagger generated into the one we serve: valid 3.1, and exact for clients. The rules
 * are document-wide (document-rules.ts), so a route added later gets them without declaring them.
 */
export function finishOpenApiDocument(document: OpenAPIObject, options: DeclaredDocumentParts = {}): OpenAPIObject {
  fillEventTypeEnums(document, options.eventTypes ?? [], options.eventValues ?? []);
  rewriteNullable(document);
  declareMergePatch(document);
  splitSharedSchemas(document);
  requireAllResponseFields(document);
  closeRequestSchemas(document);
  describeParameters(document);
  completeResponses(document);
  declareResponseHeaders(document);
  describeOperations(document);
  nameOperations(document);
  exampleRequestBodies(document);
  listTags(document, options.tagDescriptions, options.tagOrder);
  describeWebhooks(document, options.eventResources ?? []);
  describeErrorCodes(document);
  return document;
}
