import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { _, type CodeOptions, ValidateFunction } from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import addFormats from 'ajv-formats';
import { recordViolation, ResponseViolation } from './response-violations';

export { formatViolations, takeResponseViolations } from './response-violations';
export type { ResponseViolation } from './response-violations';

/**
 * Every response the e2e suites receive, checked against the OpenAPI document the app serves (/v1/openapi.json):
 * the operation is found by method and path template, the response by status, and a JSON body must validate against
 * that response's schema (OpenAPI 3.1 schemas are JSON Schema 2020-12). Object schemas that list their properties
 * are checked closed: a field the document does not describe is a violation too. Bodies of other media types
 * (text/calendar, text/csv) are checked for the declared content type only; 204 and 304 must have no body.
 * Requests outside the document (/healthz, the docs page) and methods the document does not list (the 405s) are
 * not checked here.
 */

type Node = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;


interface Route {
  template: string;
  pattern: RegExp;
  literalSegments: number;
}

export class OpenApiResponses {
  private ajvOfDocument?: Ajv2020;
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();
  /** The same, by the schema object the document holds: a response's check then costs no serialization of its schema. */
  private readonly validatorsBySchema = new WeakMap<Node, ValidateFunction>();

  /**
   * `precompiled`: the run's validators of this same document (`precompileResponseValidators`), loaded as a schema is
   * met instead of generated again by each test file (most of what checking cost a file).
   */
  constructor(
    private readonly doc: Node,
    private readonly precompiled?: PrecompiledValidators,
  ) {
    this.routes = Object.keys(doc.paths as Node)
      .map((template) => {
        const segments = template.split('/');
        const source = segments.map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
        return { template, pattern: new RegExp(`^${source}$`), literalSegments: segments.filter((segment) => !segment.startsWith('{')).length };
      })
      // A literal segment wins over a parameter (`/debts/type/collections` before `/debts/{debt_id}`).
      .sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** The path template of the document that `path` (without its query) matches, if any. */
  templateOf(path: string): string | undefined {
    return this.routes.find((route) => route.pattern.test(path))?.template;
  }

  /** Every (method, template) of the document. */
  operations(): Array<{ method: string; template: string; op: Node }> {
    return Object.entries(this.doc.paths as Node).flatMap(([template, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ method, template, op: item[method] as Node })),
    );
  }

  /**
   * The problems of one response (empty when it agrees with the document). `body` is the raw body as sent;
   * `contentType` its Content-Type header.
   */
  check(method: string, url: string, status: number, contentType: string | undefined, body: string | Buffer): ResponseViolation[] {
    const path = url.split('?')[0];
    const template = this.templateOf(path);
    if (!template) return [];
    const op = (this.doc.paths[template] as Node)[method.toLowerCase()] as Node | undefined;
    if (!op) return [];
    const violation = (problem: string): ResponseViolation[] => [{ method: method.toUpperCase(), url, template, status, problem }];
    const response = op.responses?.[String(status)] as Node | undefined;
    if (!response) return violation(`status ${status} is not declared (declared: ${Object.keys(op.responses ?? {}).join(', ')})`);
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    const content = (response.content ?? {}) as Node;
    const declared = Object.keys(content);
    if (declared.length === 0) return length === 0 ? [] : violation(`a ${length}-byte body where the document declares none`);
    const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!declared.includes(mediaType)) return violation(`content type "${contentType ?? ''}" is not declared (declared: ${declared.join(', ')})`);
    if (mediaType !== 'application/json') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString());
    } catch {
      return violation('the body is not JSON');
    }
    const validate = this.validatorFor(content[mediaType].schema as Node);
    if (validate(parsed)) return [];
    return violation(
      (validate.errors ?? [])
        .slice(0, 5)
        .map((error) => `${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${error.params.additionalProperty})` : ''}`)
        .join('; '),
    );
  }

  private ajv(): Ajv2020 {
    return (this.ajvOfDocument ??= documentAjv(this.doc));
  }

  /** One validator per distinct schema: the error bodies of a hundred operations are one schema, compiled once. */
  private validatorFor(schema: Node): ValidateFunction {
    const known = this.validatorsBySchema.get(schema);
    if (known) return known;
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      const file = this.precompiled?.files[key];
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      validate = file ? (require(join(this.precompiled!.dir, file)).validate as ValidateFunction) : this.ajv().compile(rewriteRefs(closeObjects(structuredClone(schema))));
      this.validators.set(key, validate);
    }
    this.validatorsBySchema.set(schema, validate);
    return validate;
  }
}

/** Where the run's precompiled validators are, and which file holds the validator of each schema (by its JSON). */
export interface PrecompiledValidators {
  dir: string;
  files: Record<string, string>;
}

const FORMATS = ['date', 'date-time', 'email', 'uri', 'uuid'] as const;

/** Ajv holding the document's component schemas, which every response schema's `$ref`s reach (`openapi#/…`). */
function documentAjv(doc: Node, code?: CodeOptions): Ajv2020 {
  // inlineRefs off: each component schema compiles once, as a function every operation's validator calls, instead of
  // being inlined (and compiled again) into each of them — most of the checker's cost when a suite meets many routes.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, inlineRefs: false, ...(code ? { code } : {}) });
  addFormats(ajv, [...FORMATS]);
  const schemas = structuredClone(doc.components?.schemas ?? {}) as Node;
  for (const schema of Object.values(schemas)) closeObjects(schema);
  ajv.addSchema({ $id: 'openapi', components: { schemas } });
  return ajv;
}

/** The JSON schemas of every response the document declares, each once (by its JSON). */
function responseSchemas(doc: Node): Map<string, Node> {
  const schemas = new Map<string, Node>();
  for (const item of Object.values(doc.paths as Node)) {
    for (const method of METHODS) {
      for (const response of Object.values(((item as Node)[method]?.responses ?? {}) as Node)) {
        const schema = (response as Node).content?.['application/json']?.schema as Node | undefined;
        if (schema) schemas.set(JSON.stringify(schema), schema);
      }
    }
  }
  return schemas;
}

/**
 * Once a run (the global setup): every response schema's validator generated as code (Ajv's standalone code), a
 * module a schema, into `dir`, which must sit where `ajv` and `ajv-formats` resolve from (the code requires Ajv's
 * runtime helpers). The same options and schemas as a lazy compile, so a check says what it would have said.
 */
export function precompileResponseValidators(doc: Node, dir: string): PrecompiledValidators {
  mkdirSync(dir, { recursive: true });
  const formatsFile = join(dir, 'formats.js');
  writeFileSync(formatsFile, `const formats = require('ajv-formats');\nmodule.exports = { ${FORMATS.map((name) => `${JSON.stringify(name)}: formats.get(${JSON.stringify(name)})`).join(', ')} };\n`);
  const ajv = documentAjv(doc, { source: true, formats: _`require(${formatsFile})` });
  const files: Record<string, string> = {};
  [...responseSchemas(doc)].forEach(([key, schema], index) => {
    ajv.addSchema(rewriteRefs(closeObjects(structuredClone(schema))), `response-${index}`);
    files[key] = `response-${index}.js`;
    writeFileSync(join(dir, files[key]), standaloneCode(ajv, { validate: `response-${index}` }));
  });
  return { dir, files };
}

/**
 * Object schemas that list their properties and say nothing of others are closed (in place). The members of an
 * `allOf` each list only part of the properties, so they stay open and the `allOf` itself is closed with
 * `unevaluatedProperties` (an event type's schema: the envelope plus its own `type` and `data.object`).
 */
function closeObjects(node: unknown): Node {
  if (Array.isArray(node)) node.forEach(closeObjects);
  else if (node && typeof node === 'object') {
    const schema = node as Node;
    const open = !('additionalProperties' in schema) && !('unevaluatedProperties' in schema);
    if (Array.isArray(schema.allOf)) {
      if (open) schema.unevaluatedProperties = false;
      for (const [key, value] of Object.entries(schema)) if (key !== 'allOf') closeObjects(value);
      return schema;
    }
    if (schema.properties && typeof schema.properties === 'object' && open) schema.additionalProperties = false;
    for (const value of Object.values(schema)) closeObjects(value);
  }
  return node as Node;
}

/** `#/components/schemas/X` → `openapi#/components/schemas/X`, so an operation's schema compiles on its own. */
function rewriteRefs(node: unknown): Node {
  if (Array.isArray(node)) node.forEach(rewriteRefs);
  else if (node && typeof node === 'object') {
    const schema = node as Node;
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) schema.$ref = `openapi${schema.$ref}`;
    for (const value of Object.values(schema)) rewriteRefs(value);
  }
  return node as Node;
}


/** The body as the application wrote it, before the compression middleware encoded it (what is recorded is what went out). */
function decoded(body: Buffer, encoding: unknown): Buffer {
  if (body.length === 0) return body;
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/**
 * Records every response `server` sends that disagrees with `responses`: a `request` listener placed before the
 * application's own wraps `write`/`end` to keep the body, and checks it when the response finishes.
 */
export function recordResponseViolations(server: Server, responses: OpenApiResponses, sink: (violation: ResponseViolation) => void = recordViolation): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on('finish', () => {
      if (req.method === 'HEAD' || req.method === 'OPTIONS') return;
      const header = res.getHeader('content-type');
      const body = decoded(Buffer.concat(chunks), res.getHeader('content-encoding'));
      for (const violation of responses.check(req.method ?? 'GET', req.url ?? '/', res.statusCode, header === undefined ? undefined : String(header), body)) sink(violation);
    });
  });
}
