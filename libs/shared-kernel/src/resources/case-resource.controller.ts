import { Controller, Delete, Get, HttpCode, Inject, Patch, Post, Query, Req, SetMetadata, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiBody, ApiOperation, ApiParam, ApiTags, IntersectionType } from '@nestjs/swagger';
import type { Request } from 'express';
import { FOREIGN_CASE_ANSWER, assertCaseAccessChecked } from '../platform/access/case-access';
import { CaseHeldByFirstRead } from '../platform/transactions/unit-of-work';
import { IfMatch } from './conditional/if-match.decorator';
import { ResourceList, SingleResource } from './http/resource-response';
import { ValidBody, WriteRoute } from './http/route-decorators';
import type { JsonObject } from './merge-patch/merge-patch';
import { ApiData, ApiDeleted, ApiErrors, ApiIdempotencyKey, ApiIfMatch, ApiList, RecordView } from './openapi/api-responses';
import { CaseRecord, CaseResource, defaultViewNameOf, Dto, StandardRoute } from './case-resource';
import { CaseResourceReader, Scope } from './case-resource-reader';
import { AggregateWrites } from './aggregate-writes';
import { RecordWriter } from './record-writer';
import { RecordDeletionVetoes } from './record-deletion-vetoes';
import { ServesResources } from './resource-manifest';
import { indefiniteArticle } from './openapi/wording';

/**
 * What a generated resource controller offers the class that extends it: the declaration, the shared read side and
 * the generic writer, and the route's scope. A resource's own routes (`#2` collections) use these.
 */
export class CaseResourceControllerBase<T extends CaseRecord = CaseRecord> {
  @Inject(CaseResourceReader) protected readonly reader: CaseResourceReader;
  @Inject(RecordWriter) protected readonly writer: RecordWriter;
  @Inject(ModuleRef) private readonly moduleRef: ModuleRef;
  private readonly useCases = new Map<unknown, unknown>();
  /** Set by the generated class: the declaration its routes serve. */
  protected readonly resource: CaseResource<T>;

  /** An aggregate's use case instance, resolved once. */
  protected useCase<U>(type: new (...args: any[]) => U): U {
    if (!this.useCases.has(type)) this.useCases.set(type, this.moduleRef.get(type, { strict: false }));
    return this.useCases.get(type) as U;
  }

  /** The case (checked by the access guard) and, for a nested resource, its parent (404 unless in the same case). */
  protected scope(req: Request): Promise<Scope> {
    assertCaseAccessChecked(req);
    return this.reader.scopeOf(this.resource, req.params as Record<string, string>);
  }
}

const ULID_PATTERN = '^[0-9A-HJKMNP-TV-Z]{26}$';

function pascalCase(name: string): string {
  return name.replace(/(^|[\s_-])([a-z])/g, (_match, _sep, letter: string) => letter.toUpperCase()).replace(/[\s_-]/g, '');
}

/** The collection's words for summaries, from the resource's name: `closure step` → `closure steps`, `life insurance policy` → `life insurance policies`. */
function pluralOf(resource: CaseResource<any>): string {
  const name = resource.name;
  if (/[^aeiou]y$/.test(name)) return name.replace(/y$/, 'ies');
  if (/(s|sh|ch|x)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

function defaultViewOf(resource: CaseResource<any>): Dto {
  const view = class extends IntersectionType(RecordView, resource.create as Type) {};
  Object.defineProperty(view, 'name', { value: defaultViewNameOf(resource.name) });
  return view;
}

function idOf(req: Request, resource: CaseResource<any>): string {
  return (req.params as Record<string, string>)[resource.idParam];
}

export type ParamSpec = [ParameterDecorator, unknown];

export function defineRoute(target: Type, name: string, handler: (...args: any[]) => unknown, params: ParamSpec[], decorators: Array<MethodDecorator | ClassDecorator>): void {
  Object.defineProperty(target.prototype, name, { value: handler, writable: true, configurable: true });
  params.forEach(([decorate], index) => decorate(target.prototype, name, index));
  Reflect.defineMetadata('design:paramtypes', params.map(([, type]) => type), target.prototype, name);
  const descriptor = Object.getOwnPropertyDescriptor(target.prototype, name) as PropertyDescriptor;
  for (const decorate of [...decorators].reverse()) (decorate as MethodDecorator)(target.prototype, name, descriptor);
}

/**
 * The standard routes of a declared case-scoped resource, as a controller base class: list, create, read, merge-patch
 * and delete (those the declaration has), each with its OpenAPI entry (per-resource schemas, listed errors,
 * Idempotency-Key, If-Match, filters and sorts as documented query parameters) and the foreign-case rule of contract
 * §2. A resource's controller extends it and holds only its own special routes:
 *
 *   export class PersonsController extends CaseResourceController(personResource) {}
 */
/** The declaration each generated controller class serves, for `resourceServedBy`. */
const generatedFor = new WeakMap<object, CaseResource<any>>();

/** The declaration a controller class serves through `CaseResourceController` (directly or by extending it), if any. */
export function resourceServedBy(controller: object): CaseResource<any> | undefined {
  for (let type: object | null = controller; type; type = Object.getPrototypeOf(type)) {
    const resource = generatedFor.get(type);
    if (resource) return resource;
  }
  return undefined;
}

export function CaseResourceController<T extends CaseRecord>(resource: CaseResource<T>): Type<CaseResourceControllerBase<T>> {
  const view = resource.view ?? defaultViewOf(resource);
  const plural = pluralOf(resource);
  const noun = resource.name;
  const article = indefiniteArticle(noun);
  const foreignCase = (route: StandardRoute) => (resource.forbiddenForForeignCase.has(route) ? 'forbidden' : 'not_found');
  const caseErrors = (route: StandardRoute) => (resource.forbiddenForForeignCase.has(route) ? [403, 404] : [404]);

  const pathParams = [
    ApiParam({ name: 'case_id', description: 'the case', schema: { type: 'string', pattern: ULID_PATTERN } }),
    ...(resource.parent
      ? [ApiParam({ name: resource.parent.param, description: `the ${resource.parent.resource().name}`, schema: { type: 'string', pattern: ULID_PATTERN } })]
      : []),
  ];
  const idParam = ApiParam({ name: resource.idParam, description: `the ${noun}`, schema: { type: 'string', pattern: ULID_PATTERN } });
  const common = (route: StandardRoute) => [SetMetadata(FOREIGN_CASE_ANSWER, foreignCase(route)), ...pathParams];
  // The generic merge patch and delete of a top-level plain record read that record first: the read holds the case
  // (a nested resource reads its parent first, and a use case of its own may read anything). Its generic create holds
  // the case with its INSERT when nothing before that reads, else first (`RecordWriter.create`).
  const heldByFirstRead = (own: unknown) => (own === undefined && resource.kind === 'record' && !resource.parent ? [CaseHeldByFirstRead()] : []);
  const one = `:${resource.idParam}`;

  @ApiTags(resource.tag)
  @ServesResources(resource.manifest)
  @Controller(`v1/cases/:case_id/${resource.path}`)
  class GeneratedController extends CaseResourceControllerBase<T> {
    protected override readonly resource = resource;
  }
  Object.defineProperty(GeneratedController, 'name', { value: `${pascalCase(noun)}RoutesBase` });
  generatedFor.set(GeneratedController, resource);

  if (resource.routes.has('list')) {
    defineRoute(
      GeneratedController,
      'list',
      async function (this: GeneratedController, req: Request, query: Record<string, unknown>): Promise<ResourceList> {
        return this.reader.list(resource, await this.scope(req), query);
      },
      [[Req(), Object], [Query(), Object]],
      [
        Get(),
        ...common('list'),
        ApiOperation({
          summary: `List ${plural}`,
          description: `The ${plural} of the case, in page mode or keyset cursor mode.`,
        }),
        ApiList(view as Type, resource),
        ApiErrors(400, ...caseErrors('list')),
      ],
    );
  }
  if (resource.routes.has('create')) {
    defineRoute(
      GeneratedController,
      'create',
      async function (this: GeneratedController, req: Request, body: JsonObject): Promise<SingleResource> {
        const scope = await this.scope(req);
        const own = resource.useCases?.create;
        return own ? this.useCase(own()).execute(scope, body) : this.writer.create(resource, scope, body);
      },
      [[Req(), Object], [ValidBody(), resource.create]],
      [
        Post(),
        WriteRoute(),
        ...heldByFirstRead(resource.useCases?.create),
        ...common('create'),
        ApiOperation({ summary: `Create ${article} ${noun}`, description: `Creates ${article} ${noun} in the case.` }),
        ApiBody({ type: resource.create as Type, ...(resource.requestExamples?.create ? { examples: resource.requestExamples.create } : {}) }),
        ApiIdempotencyKey(),
        ApiData(view as Type, 201),
        ApiErrors(400, 404, 409, 413, 415, 422),
      ],
    );
  }
  if (resource.routes.has('read')) {
    defineRoute(
      GeneratedController,
      'read',
      async function (this: GeneratedController, req: Request): Promise<SingleResource> {
        return this.reader.get(resource, await this.scope(req), idOf(req, resource));
      },
      [[Req(), Object]],
      [
        Get(one),
        ...common('read'),
        idParam,
        ApiOperation({ summary: `Read ${article} ${noun}`, description: `One ${noun} of the case, with its ETag.` }),
        ApiData(view as Type),
        ApiErrors(...caseErrors('read')),
      ],
    );
  }
  if (resource.routes.has('patch') && resource.patch) {
    defineRoute(
      GeneratedController,
      'patch',
      async function (this: GeneratedController, req: Request, patch: JsonObject, ifMatch?: string): Promise<SingleResource> {
        const scope = await this.scope(req);
        const own = resource.useCases?.patch;
        return own ? this.useCase(own()).execute(scope, idOf(req, resource), patch, ifMatch) : this.writer.patch(resource, scope, idOf(req, resource), patch, ifMatch);
      },
      [[Req(), Object], [ValidBody(), resource.patch], [IfMatch(), String]],
      [
        Patch(one),
        WriteRoute(),
        ...heldByFirstRead(resource.useCases?.patch),
        ...common('patch'),
        idParam,
        ApiOperation({
          summary: `Update ${article} ${noun}`,
          description: `JSON Merge Patch (RFC 7396) of the writable fields; \`null\` clears an optional field.`,
        }),
        ApiBody({ type: resource.patch as Type, ...(resource.requestExamples?.patch ? { examples: resource.requestExamples.patch } : {}) }),
        ApiIfMatch(),
        ApiData(view as Type),
        ApiErrors(400, 404, 412, 413, 415, 422),
      ],
    );
  }
  if (resource.routes.has('delete')) {
    defineRoute(
      GeneratedController,
      'remove',
      async function (this: GeneratedController, req: Request, ifMatch?: string): Promise<void> {
        const scope = await this.scope(req);
        const own = resource.useCases?.delete;
        // An aggregate leaving whole meets the vetoes other contexts registered, as a plain record does.
        if (own === 'whole') await this.useCase(AggregateWrites).remove(resource, scope, idOf(req, resource), ifMatch, (record) => this.useCase(RecordDeletionVetoes).check(resource, record));
        else if (own) await this.useCase(own()).execute(scope, idOf(req, resource), ifMatch);
        else await this.writer.remove(resource, scope, idOf(req, resource), ifMatch);
      },
      [[Req(), Object], [IfMatch(), String]],
      [
        Delete(one),
        WriteRoute(),
        ...heldByFirstRead(resource.useCases?.delete),
        HttpCode(204),
        ...common('delete'),
        idParam,
        ApiOperation({ summary: `Delete ${article} ${noun}`, description: `Deletes the ${noun}; answers 204 with no body.` }),
        ApiDeleted(),
        ApiIfMatch(),
        ApiErrors(404, 409, 412),
      ],
    );
  }
  return GeneratedController;
}
