import type { OpenAPIObject } from '@nestjs/swagger';
import { ALWAYS_POSSIBLE_ERRORS, BAD_REQUEST_EXAMPLES, ERROR_RESPONSES, ErrorExample, errorExamplesFor, EVENT_TYPE_ENUM, indefiniteArticle } from '@estate/shared-kernel';

/**
 * Document-wide rules, applied to the document @nestjs/swagger generates from the decorators, so that every route —
 * today's and those added later — gets them without writing them: statuses implied by a route's shape, an error
 * example per status, response schemas that require every field a read always carries, request schemas closed to
 * unknown fields, request examples, summaries, operation ids and the top-level tags.
 */

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
const SCHEMA_PREFIX = '#/components/schemas/';

export interface OperationRef {
  path: string;
  method: string;
  operation: Node;
}

export function operationsOf(document: OpenAPIObject): OperationRef[] {
  const operations: OperationRef[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Node)[method];
      if (operation) operations.push({ path, method, operation });
    }
  }
  return operations;
}

function schemas(document: OpenAPIObject): Record<string, Node> {
  document.components ??= {};
  document.components.schemas ??= {};
  return document.components.schemas as Record<string, Node>;
}

/** Every `$ref`'d component name found under a node, transitively through the components. */
function reachable(document: OpenAPIObject, roots: unknown[]): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const ref = (node as Node).$ref;
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_PREFIX)) {
      const name = ref.slice(SCHEMA_PREFIX.length);
      if (!found.has(name)) {
        found.add(name);
        visit(schemas(document)[name]);
      }
    }
    Object.values(node as Node).forEach(visit);
  };
  roots.forEach(visit);
  return found;
}

function mediaSchemas(content: Node | undefined): Node[] {
  return Object.values(content ?? {})
    .map((media) => (media as Node).schema)
    .filter(Boolean);
}

function requestRoots(document: OpenAPIObject): Node[] {
  return operationsOf(document).flatMap(({ operation }) => mediaSchemas(operation.requestBody?.content));
}

function responseRoots(document: OpenAPIObject): Node[] {
  return operationsOf(document).flatMap(({ operation }) => Object.values((operation.responses ?? {}) as Node).flatMap((response) => mediaSchemas(response.content)));
}

function rewriteRefs(node: unknown, renames: Map<string, string>): void {
  if (Array.isArray(node)) return node.forEach((item) => rewriteRefs(item, renames));
  if (node === null || typeof node !== 'object') return;
  const schema = node as Node;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith(SCHEMA_PREFIX)) {
    const renamed = renames.get(schema.$ref.slice(SCHEMA_PREFIX.length));
    if (renamed) schema.$ref = SCHEMA_PREFIX + renamed;
  }
  Object.values(schema).forEach((value) => rewriteRefs(value, renames));
}

/**
 * A request schema and a response schema are different contracts (a request may omit an optional field, a read
 * always carries it; a request refuses unknown fields). A component used on both sides (the address of a deceased)
 * gets a response copy named `…View`, so each side can state its own rule.
 */
export function splitSharedSchemas(document: OpenAPIObject): void {
  const all = schemas(document);
  const requestSide = reachable(document, requestRoots(document));
  const responseSide = reachable(document, responseRoots(document));
  const shared = [...requestSide].filter((name) => responseSide.has(name));
  if (shared.length === 0) return;
  const renames = new Map<string, string>();
  for (const name of shared) {
    let view = name.replace(/(Body|Dto)$/, '') + 'View';
    while (all[view] && !renames.has(name) && view !== name) view = `${view}Read`;
    renames.set(name, view);
  }
  for (const [name, view] of renames) all[view] = structuredClone(all[name]);
  for (const name of [...responseSide].filter((name) => !requestSide.has(name))) rewriteRefs(all[name], renames);
  for (const view of renames.values()) rewriteRefs(all[view], renames);
  for (const { operation } of operationsOf(document)) {
    for (const response of Object.values((operation.responses ?? {}) as Node)) rewriteRefs(response.content, renames);
  }
}

function allowsNull(schema: Node): boolean {
  if (Array.isArray(schema.type)) return schema.type.includes('null');
  if (schema.type === 'null') return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((member: Node) => allowsNull(member));
}

/** Applies `rule` to an object schema and to every inline object schema nested in it (not through `$ref`). */
function eachObjectSchema(schema: unknown, rule: (schema: Node) => void): void {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as Node;
  if (node.properties && typeof node.properties === 'object') {
    rule(node);
    Object.values(node.properties).forEach((property) => eachObjectSchema(property, rule));
  }
  if (node.items) eachObjectSchema(node.items, rule);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (node[key] ?? []).forEach((member: unknown) => eachObjectSchema(member, rule));
}

/**
 * A read carries every field, unset ones as `null` (specification: unset values are returned as `null`), so every
 * property of a response schema is required. The one exception is a property that cannot be `null` and was
 * declared optional: it is one the server leaves out (`meta.total_count` in cursor mode, `error.details`).
 */
export function requireAllResponseFields(document: OpenAPIObject): void {
  const all = schemas(document);
  const rule = (schema: Node) => {
    const declared = new Set<string>(schema.required ?? []);
    const required = Object.entries(schema.properties as Node)
      .filter(([name, property]) => declared.has(name) || allowsNull(property as Node))
      .map(([name]) => name);
    if (required.length > 0) schema.required = required;
  };
  for (const name of reachable(document, responseRoots(document))) eachObjectSchema(all[name], rule);
  responseRoots(document).forEach((root) => eachObjectSchema(root, rule));
}

/** Unknown fields in any body are `422 validation_error` (contract §3.2), nested objects included. */
export function closeRequestSchemas(document: OpenAPIObject): void {
  const all = schemas(document);
  const rule = (schema: Node) => {
    schema.additionalProperties = false;
  };
  for (const name of reachable(document, requestRoots(document))) eachObjectSchema(all[name], rule);
  requestRoots(document).forEach((root) => eachObjectSchema(root, rule));
}

function parameterNamed(operation: Node, location: string, name: string): Node | undefined {
  return (operation.parameters ?? []).find((parameter: Node) => parameter.in === location && parameter.name.toLowerCase() === name.toLowerCase());
}

/** The error statuses a route answers because of its shape, whatever its controller listed. */
function impliedErrors(operation: Node, method: string): number[] {
  const statuses: number[] = [];
  if (operation.security?.length) statuses.push(...ALWAYS_POSSIBLE_ERRORS);
  // Every path, query string and header is checked before routing (input-guards.ts): not valid percent-encoded
  // UTF-8, or a NUL character, is 400 on any route.
  statuses.push(400);
  // A body is parsed (400 malformed JSON, 413 over 1 MiB), typed (415) and validated (422) on every write, before
  // routing: an action that takes no body (`…/ping`) still answers a text/plain or non-object one so.
  if (operation.requestBody || ['post', 'put', 'patch'].includes(method)) statuses.push(400, 413, 415, 422);
  if ((operation.parameters ?? []).some((parameter: Node) => parameter.in === 'query')) statuses.push(400);
  if (parameterNamed(operation, 'header', 'Idempotency-Key')) statuses.push(400, 409);
  if (parameterNamed(operation, 'header', 'If-Match')) statuses.push(412);
  if ((operation.parameters ?? []).some((parameter: Node) => parameter.in === 'path')) statuses.push(404);
  return statuses;
}

/** Whether a route lives under one case and needs a token (the case access check runs on it). */
function underCase(path: string, operation: Node): boolean {
  return (path === '/v1/cases/{case_id}' || path.startsWith('/v1/cases/{case_id}/')) && Boolean(operation.security?.length);
}

/** Case writes a viewer may still make (contract-extensions: a download link is a read of the document). */
const VIEWER_WRITES = /\/documents\/\{[a-z_]+\}\/download-links$/;

/**
 * Under a case, what a foreign case answers is no longer "the route lists 403": every write may also be `403` for a
 * collaborator whose role does not allow it. The answer for another organization's case is stated on its own, as
 * `x-foreign-case` (`forbidden` where the route listed 403 before any role existed, `not_found` elsewhere), and each
 * write a viewer may not make lists `403` with the role's example.
 */
function declareCollaboratorRefusal(operation: Node, path: string, method: string): void {
  if (!underCase(path, operation)) return;
  const foreignForbidden = Boolean(operation.responses['403']);
  operation['x-foreign-case'] = foreignForbidden ? 'forbidden' : 'not_found';
  if (method === 'get' || method === 'head' || (method === 'post' && VIEWER_WRITES.test(path))) return;
  const examples: ErrorExample[] = [{ code: 'forbidden', message: 'A collaborator with the role viewer may not do this on the case.' }];
  if (foreignForbidden) examples.unshift(...ERROR_RESPONSES[403].examples);
  operation.responses['403'] = {
    description: foreignForbidden
      ? 'forbidden: the case belongs to another organization, or the caller is a collaborator whose role does not allow this'
      : "forbidden: the caller is a collaborator of the case whose role does not allow this (another organization's case is 404)",
    content: { 'application/json': { schema: { $ref: `${SCHEMA_PREFIX}ErrorBody` }, examples: errorExamplesFor(403, examples) } },
  };
}

/** A field of the route's own body for a `422` example: its first required one, or else its first. */
function bodyFieldOf(document: OpenAPIObject, operation: Node): string | undefined {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  if (!schema) return undefined;
  const node = resolve(document, schema);
  return (node.required ?? [])[0] ?? Object.keys(node.properties ?? {})[0];
}

/** The examples of a status as this route answers it: a `400` shows what this route can get wrong, a `422` its own field. */
function examplesOf(document: OpenAPIObject, status: number, operation: Node, path: string, method: string): ErrorExample[] {
  if (status === 404) {
    const last = [...path.matchAll(/\{(\w+)_id\}/g)].pop()?.[1] ?? resourceWords(path).item;
    return [{ code: 'not_found', message: `The ${last.replace(/_/g, ' ')} was not found.` }];
  }
  if (status === 422) {
    const field = bodyFieldOf(document, operation);
    const details = field ? [{ field, message: `${field} is required`, reason: 'required' as const }] : [{ field: 'body', message: 'this operation takes no fields; send no body or {}', reason: 'unknown_field' as const }];
    return [{ code: 'validation_error', message: 'The request body is invalid.', details }];
  }
  if (status === 409 && method === 'delete') {
    const { item } = resourceWords(path);
    return [{ code: 'invalid_state', message: `The ${item} cannot be deleted while a transfer or another record still depends on it.` }];
  }
  if (status !== 400) return [];
  const causes: ErrorExample[] = [];
  if ((operation.parameters ?? []).some((parameter: Node) => parameter.in === 'query')) causes.push(BAD_REQUEST_EXAMPLES.query);
  if (operation.requestBody) causes.push(BAD_REQUEST_EXAMPLES.body);
  if (parameterNamed(operation, 'header', 'Idempotency-Key')) causes.push(BAD_REQUEST_EXAMPLES.idempotencyKey);
  if (causes.length === 0) causes.push(BAD_REQUEST_EXAMPLES.url);
  return causes;
}

function errorResponse(document: OpenAPIObject, status: number, operation: Node, path: string, method: string): Node {
  return {
    description: ERROR_RESPONSES[status]?.description ?? 'error',
    content: {
      'application/json': { schema: { $ref: `${SCHEMA_PREFIX}ErrorBody` }, examples: errorExamplesFor(status, examplesOf(document, status, operation, path, method)) },
    },
  };
}

function sortedResponses(responses: Node): Node {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Lists every status a route can answer: adds the implied error statuses, an example of the right code to each
 * error response that has none, and `304` with `If-None-Match` to reads that carry an ETag (contract §6).
 */
export function completeResponses(document: OpenAPIObject): void {
  for (const { path, method, operation } of operationsOf(document)) {
    operation.responses ??= {};
    declareCollaboratorRefusal(operation, path, method);
    for (const status of impliedErrors(operation, method)) operation.responses[status] ??= errorResponse(document, status, operation, path, method);
    for (const [status, response] of Object.entries(operation.responses as Record<string, Node>)) {
      if (Number(status) < 400) continue;
      // Errors are JSON whatever the route produces (a `text/calendar` feed's 404, a download's 404 are the JSON
      // envelope): the route's own media types (`@ApiProduces`) are the success's, never an error's.
      if (response.content) {
        response.content = { 'application/json': response.content['application/json'] ?? { schema: { $ref: `${SCHEMA_PREFIX}ErrorBody` } } };
      }
      const media = response.content?.['application/json'];
      if (media && !media.examples && !media.example) media.examples = errorExamplesFor(Number(status), examplesOf(document, Number(status), operation, path, method));
    }
    const ok = operation.responses['200'];
    if (method === 'get' && ok?.headers?.ETag) {
      operation.responses['304'] ??= {
        description: 'Not Modified: `If-None-Match` matches the current ETag; no body.',
        headers: { ETag: ok.headers.ETag },
      };
      if (!parameterNamed(operation, 'header', 'If-None-Match')) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            description: 'ETag of the copy the client holds (`*` for any); 304 without a body when it still matches.',
            schema: { type: 'string', minLength: 1 },
          },
        ];
      }
    }
    operation.responses = sortedResponses(operation.responses);
  }
}

/** Response headers every answer carries (contract §6), declared once and referenced. */
export function declareResponseHeaders(document: OpenAPIObject): void {
  const components = document.components as Node;
  components.headers = {
    ...(components.headers ?? {}),
    'X-Request-Id': { description: 'Identifies the request in the logs; the client\'s own `X-Request-Id` (1–200 visible ASCII characters) is echoed.', schema: { type: 'string' } },
    'X-RateLimit-Limit': { description: 'Requests the organization may make per minute.', schema: { type: 'integer', minimum: 0 } },
    'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', minimum: 0 } },
    'X-RateLimit-Reset': { description: 'Unix time, in seconds, when the window frees a request.', schema: { type: 'integer', minimum: 0 } },
    'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
    'WWW-Authenticate': { description: 'The authentication scheme to use: `Bearer`.', schema: { type: 'string' } },
  };
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  for (const { operation } of operationsOf(document)) {
    const authenticated = Boolean(operation.security?.length);
    for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Node>)) {
      const headers: Node = { 'X-Request-Id': ref('X-Request-Id') };
      if (authenticated && status !== '401') {
        for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) headers[name] = ref(name);
      }
      if (status === '429' || (authenticated && status === '503')) headers['Retry-After'] = ref('Retry-After');
      if (status === '401') headers['WWW-Authenticate'] = ref('WWW-Authenticate');
      response.headers = { ...headers, ...(response.headers ?? {}) };
      // A route's own header (a download's Repr-Digest) is declared once too: the first description of a name stands
      // for every route that sends it. ETags stay with their route, whose description says what the tag is of.
      for (const [name, header] of Object.entries(response.headers as Node)) {
        if (name === 'ETag' || (header as Node).$ref) continue;
        components.headers[name] ??= header;
        (response.headers as Node)[name] = ref(name);
      }
    }
  }
}

/** `persons` → `person`, `bank-accounts` → `bank account`, `searches` → `search`, `entries` → `entry`. */
function singular(segment: string): string {
  const words = segment.replace(/-/g, ' ');
  if (/ies$/.test(words)) return words.replace(/ies$/, 'y');
  if (/(ch|sh|ss|x)es$/.test(words)) return words.replace(/es$/, '');
  return words.replace(/s$/, '');
}

function resourceWords(path: string): { collection: string; item: string; isItem: boolean } {
  const segments = path.split('/').filter(Boolean);
  const isItem = /^\{.*\}$/.test(segments[segments.length - 1] ?? '');
  const noun = [...segments].reverse().find((segment) => !/^\{.*\}$/.test(segment)) ?? 'resource';
  return { collection: noun.replace(/-/g, ' '), item: singular(noun), isItem };
}

function isList(operation: Node): boolean {
  return Boolean(operation.responses?.['200']?.content?.['application/json']?.schema?.properties?.meta);
}

/** A plain summary from the method and path, for an operation that did not state one. */
export function defaultSummary(method: string, path: string, operation: Node): string {
  const { collection, item, isItem } = resourceWords(path);
  const parent = /\{case_id\}/.test(path) && !/^\/v1\/cases\/\{case_id\}$/.test(path) ? ' of a case' : '';
  switch (method) {
    case 'get':
      return isList(operation) ? `List the ${collection}${parent}` : `Read ${isItem ? `${indefiniteArticle(item)} ${item}` : `the ${item}`}${parent}`;
    case 'post':
      return `Create ${indefiniteArticle(item)} ${item}${parent}`;
    case 'put':
      return `Create or replace the ${item}${parent}`;
    case 'patch':
      return `Update ${isItem ? `${indefiniteArticle(item)} ${item}` : `the ${item}`}${parent} (merge patch)`;
    case 'delete':
      return `Delete ${isItem ? `${indefiniteArticle(item)} ${item}` : `the ${item}`}${parent}`;
    default:
      return `${method.toUpperCase()} ${path}`;
  }
}

function defaultDescription(method: string, operation: Node): string {
  switch (method) {
    case 'get':
      return isList(operation)
        ? 'Page mode (`page`, `per_page`) by default; cursor mode when `cursor` is present. Filters may repeat to match any of several values.'
        : 'Answers 304 without a body when `If-None-Match` matches the current ETag.';
    case 'post':
      return 'Answers 201 with the new record. A retry with the same `Idempotency-Key` replays the first response.';
    case 'patch':
      return 'JSON Merge Patch (RFC 7396): only the fields sent change, `null` clears a field. Unknown or read-only fields are 422.';
    case 'put':
      return 'Answers 201 when it created the record and 200 when it replaced it.';
    case 'delete':
      return 'Answers 204 without a body.';
    default:
      return '';
  }
}

/**
 * Every operation gets a summary and a description. They speak of the API alone: which row of our specification an
 * operation implements is code metadata (`ResourceCatalog.specificationRoutes`), never text a client reads.
 */
export function describeOperations(document: OpenAPIObject): void {
  for (const { path, method, operation } of operationsOf(document)) {
    operation.summary ??= defaultSummary(method, path, operation);
    operation.description = operation.description || defaultDescription(method, operation) || `${operation.summary}.`;
  }
}

function pascal(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

/** The nearest record named before the last collection of a path: `/cases/{case_id}/events` → `case`. */
function parentItem(path: string): string | undefined {
  const segments = path.split('/').filter(Boolean);
  const last = segments.length - 1 - [...segments].reverse().findIndex((segment) => !/^\{.*\}$/.test(segment));
  for (let index = last - 1; index > 0; index -= 1) {
    if (/^\{.*\}$/.test(segments[index]) && !/^\{.*\}$/.test(segments[index - 1])) return singular(segments[index - 1]);
  }
  return undefined;
}

/**
 * The id a person would write for an operation: `listPersons`, `getCase`, `updateAuthority`; an action named by its
 * last segment and its summary's verb (`POST …/transfers/{id}/cancel`, "Cancel a transfer" → `cancelTransfer`,
 * `…/deadlines/generate` → `generateDeadlines`, `…/rotate-secret` → `rotateWebhookEndpointSecret`); a feed by its
 * format (`deadlines.ics` → `getDeadlineCalendar`); a sub-resource of a record by both (`getEmailReceipt`).
 */
function operationIdOf(path: string, method: string, operation: Node): string {
  const segments = path.split('/').filter(Boolean);
  const lastSegment = segments[segments.length - 1] ?? '';
  const owner = segments[segments.length - 2] ?? '';
  const verbOfSummary = String(operation.summary ?? '').split(' ')[0].toLowerCase();
  const [actionVerb, ...actionRest] = lastSegment.split('-');
  if (method === 'post' && !/^\{.*\}$/.test(lastSegment) && actionVerb === verbOfSummary) {
    const target = /^\{.*\}$/.test(owner) ? singular(segments[segments.length - 3] ?? '') : owner.replace(/-/g, ' ');
    return `${actionVerb}${pascal(target)}${pascal(actionRest.join(' '))}`;
  }
  const feed = /^(.+)\.ics$/.exec(lastSegment);
  if (feed) return `get${pascal(singular(feed[1]))}Calendar`;
  const { collection, item, isItem } = resourceWords(path);
  const verb = { get: isList(operation) ? 'list' : 'get', post: 'create', put: 'put', patch: 'update', delete: 'delete' }[method] ?? method;
  const parent = parentItem(path);
  const subResource = !isItem && verb === 'get' && /^\{.*\}$/.test(owner) && parent !== undefined && parent !== 'case';
  return `${verb}${subResource ? pascal(parent) : ''}${pascal(verb === 'list' ? collection : item)}`;
}

/**
 * Operation ids a client generator turns into method names. @nestjs/swagger's default `Controller_method` ids are
 * replaced; a second operation that would take an id already taken is named with its parent record
 * (`listCaseEvents`, `listTransferEvents`), never with a number, and one that still collides stops the build. Routes
 * under fewer records are named first, so the names do not depend on the order the modules register their routes in.
 */
export function nameOperations(document: OpenAPIObject): void {
  const taken = new Set<string>();
  const depth = (path: string) => path.split('{').length;
  const byDepth = operationsOf(document).sort((a, b) => depth(a.path) - depth(b.path));
  for (const { path, method, operation } of byDepth) {
    let id: string | undefined = operation.operationId;
    if (!id || /Controller_\w*$/.test(id)) {
      id = operationIdOf(path, method, operation);
      const parent = parentItem(path);
      if (taken.has(id) && parent) id = id.replace(/^([a-z]+)/, (verb) => `${verb}${pascal(parent)}`);
      if (taken.has(id) && /^get/.test(id)) id = `${id}ById`;
    }
    if (taken.has(id)) throw new Error(`operationId "${id}" of ${method.toUpperCase()} ${path} is already taken: give the operation its own`);
    taken.add(id);
    operation.operationId = id;
  }
}

/**
 * Every `{name}` of a path is a required path parameter of each of its operations, even when the handler reads it
 * without `@Param` (the case guard reads `case_id` from the request).
 */
export function declarePathParameters(document: OpenAPIObject): void {
  for (const { path, operation } of operationsOf(document)) {
    for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
      if (parameterNamed(operation, 'path', name)) continue;
      operation.parameters = [...(operation.parameters ?? []), { name, in: 'path', required: true, schema: { type: 'string' } }];
    }
  }
}

/** Path parameters name a record by its id. */
export function describeParameters(document: OpenAPIObject): void {
  declarePathParameters(document);
  for (const { operation } of operationsOf(document)) {
    for (const parameter of (operation.parameters ?? []) as Node[]) {
      if (parameter.in !== 'path' || parameter.description) continue;
      const match = /^(.+)_id$/.exec(parameter.name);
      parameter.description = match ? `Id of the ${match[1].replace(/_/g, ' ')} (ULID).` : `The ${parameter.name.replace(/_/g, ' ')}.`;
    }
  }
}

function resolve(document: OpenAPIObject, schema: Node): Node {
  let node = schema;
  for (let depth = 0; typeof node?.$ref === 'string' && depth < 20; depth += 1) {
    node = schemas(document)[node.$ref.slice(SCHEMA_PREFIX.length)] ?? {};
  }
  return node ?? {};
}

/**
 * A value for a schema from the examples its fields declare (and a plain one where a field declares none). With
 * `requiredOnly`, objects carry only their required fields: an example that sets every optional field can break a
 * rule between fields (a `completed_date` on an `upcoming` deadline), and a request example must be one the server
 * accepts.
 */
export function exampleFromSchema(document: OpenAPIObject, schema: Node, depth = 0, requiredOnly = false): unknown {
  const node = resolve(document, schema);
  if (depth > 8) return undefined;
  if (node.example !== undefined) return node.example;
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0];
  const members: Node[] = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  const nonNull = members.find((member) => member.type !== 'null');
  if (nonNull) return exampleFromSchema(document, nonNull, depth + 1, requiredOnly);
  if (node.default !== undefined) return node.default;
  if (Array.isArray(node.enum)) return node.enum.find((value: unknown) => value !== null);
  const type = Array.isArray(node.type) ? node.type.find((value: string) => value !== 'null') : node.type;
  if (node.properties || type === 'object') {
    const value: Node = {};
    const required = new Set<string>(node.required ?? []);
    for (const [name, property] of Object.entries((node.properties ?? {}) as Node)) {
      // An optional reference to another record must name one that exists: an example leaves it out.
      if (!required.has(name) && (requiredOnly || /_id$/.test(name))) continue;
      const example = exampleFromSchema(document, property, depth + 1, requiredOnly);
      if (example !== undefined) value[name] = example;
    }
    return value;
  }
  if (type === 'array') {
    const item = node.items ? exampleFromSchema(document, node.items, depth + 1, requiredOnly) : undefined;
    return item === undefined ? [] : Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => item);
  }
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return node.minimum ?? 1;
  if (type === 'string') {
    if (node.format === 'date') return '2026-09-01';
    if (node.format === 'date-time') return '2026-09-01T12:00:00.000Z';
    if (node.format === 'email') return 'name@example.com';
    return 'text'.padEnd(node.minLength ?? 0, 'x');
  }
  return undefined;
}

/** A merge patch changes one field: the first writable one, with its example. */
function patchExample(document: OpenAPIObject, schema: Node): unknown {
  const node = resolve(document, schema);
  const [name, property] = Object.entries((node.properties ?? {}) as Node).find(([field]) => !/_id$/.test(field)) ?? [];
  if (!name) return undefined;
  const value = exampleFromSchema(document, property as Node, 1, true);
  return value === undefined ? undefined : { [name]: value };
}

/**
 * Request bodies without an example of their own get one composed from their fields' examples: the required fields
 * of a create or replace, one field of a merge patch.
 */
export function exampleRequestBodies(document: OpenAPIObject): void {
  for (const { method, operation } of operationsOf(document)) {
    for (const media of Object.values((operation.requestBody?.content ?? {}) as Record<string, Node>)) {
      if (media.example !== undefined || media.examples || !media.schema) continue;
      const patch = method === 'patch';
      const value = patch ? patchExample(document, media.schema) : exampleFromSchema(document, media.schema, 0, true);
      if (value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0)) {
        media.examples = { example: { summary: patch ? 'change one field' : 'the required fields', value } };
      }
    }
  }
}

/**
 * Top-level `tags`, which Swagger UI shows in their order: those `order` names first, in its order (the reference
 * opens on the first), then the others in order of first use; each with the description the document gave it or the
 * one its resource declared. A tag without a description stops the build: a reader meets the tag before its paths,
 * so "Operations on /v1/…" would tell them nothing.
 */
export function listTags(document: OpenAPIObject, descriptions: Readonly<Record<string, string>> = {}, order: readonly string[] = []): void {
  const given = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));
  const used: string[] = [];
  for (const { operation } of operationsOf(document)) {
    for (const tag of (operation.tags ?? []) as string[]) if (!used.includes(tag)) used.push(tag);
  }
  const all = [...used, ...[...given.keys()].filter((name) => !used.includes(name))];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length + all.indexOf(name));
  const names = [...all].sort((a, b) => rank(a) - rank(b));
  document.tags = names.map((name) => {
    const tag = given.get(name);
    const description = tag?.description ?? descriptions[name];
    if (!description) throw new Error(`the tag "${name}" has no description: declare one with its resource (tagDescription) or its controller (DescribedTag)`);
    return { ...(tag ?? {}), name, description };
  });
}

/** Every schema marked with `EVENT_TYPE_ENUM` gets the catalog's patterns or types as its `enum`; the mark goes. */
export function fillEventTypeEnums(node: unknown, patterns: readonly string[], types: readonly string[] = patterns): void {
  if (Array.isArray(node)) return node.forEach((item) => fillEventTypeEnums(item, patterns, types));
  if (node === null || typeof node !== 'object') return;
  const schema = node as Node;
  const mark = schema[EVENT_TYPE_ENUM];
  if (mark !== undefined) {
    delete schema[EVENT_TYPE_ENUM];
    schema.enum = [...(mark === 'types' ? types : patterns)];
  }
  Object.values(schema).forEach((value) => fillEventTypeEnums(value, patterns, types));
}
