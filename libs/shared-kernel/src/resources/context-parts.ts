import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EntitySchema } from '@mikro-orm/core';
import type { Type } from '@nestjs/common';
import { CaseResource, declaredCaseResources } from './case-resource';
import { CaseResourceController, resourceServedBy } from './case-resource.controller';
import { declaredSingletonResources, SingletonResource } from './singleton-resource';
import { pascalCaseOf } from './fields/record-shape';
import { manifestsOf } from './resource-manifest';

/** What a context's folder declares: its resources, the controllers that serve them, and the tables it maps. */
export interface ContextParts {
  resources: CaseResource<any>[];
  singletons: SingletonResource<any>[];
  /** Its own controller classes, and one generated for each declaration with routes that no own controller serves. */
  controllers: Type[];
  /** The declarations' schemas and every entity schema its persistence files export. */
  entities: EntitySchema<any>[];
}

/** The files gathered, by what they hold; sources under jest, compiled files once built. */
const DECLARATION = /\.resource\.(ts|js)$/;
const CONTROLLER = /\.controller\.(ts|js)$/;
const PERSISTENCE = /\.(schema|schemas|entities)\.(ts|js)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : filesUnder(path);
    return /\.d\.ts$|\.spec\.ts$|\.testing\.ts$/.test(entry.name) ? [] : [path];
  });
}

/** How a context's parts are gathered. */
export interface GatherOptions {
  /**
   * The section of the reference its routes belong to, when it shares one with other contexts (the court, closing and
   * discovery contexts share the specification's probate part): see `inReferenceOrder`.
   */
  referenceSection?: string;
}

/** Class metadata: the reference section of a gathered controller. */
const REFERENCE_SECTION = 'estate:reference-section';

/**
 * A context's parts, gathered from its folder at start-up: every `*.resource` file's declarations, every
 * `*.controller` file's classes, every persistence file's entity schemas. A new resource is a declaration file (and,
 * for routes of its own, a controller file) in its context's folder: no module, entity or controller list to edit.
 */
export function gatherContext(folder: string, options: GatherOptions = {}): ContextParts {
  // The module and the ORM configuration ask for the same parts: one set of generated controller classes.
  const known = gathered.get(folder);
  if (known) return known;
  const exported = (pattern: RegExp) =>
    filesUnder(folder)
      .filter((file) => pattern.test(file))
      .sort()
      .flatMap((file) => Object.values(require(file) as Record<string, unknown>));
  const declarations = new Set(exported(DECLARATION));
  const resources = declaredCaseResources().filter((resource) => declarations.has(resource));
  const singletons = declaredSingletonResources().filter((resource) => declarations.has(resource));
  // A controller file may export helpers beside its controllers: a controller's name says what it is.
  const own = exported(CONTROLLER).filter((value): value is Type => typeof value === 'function' && value.name.endsWith('Controller'));
  const served = new Set(own.map((controller) => resourceServedBy(controller)));
  const generated = resources.filter((resource) => resource.routes.size > 0 && !served.has(resource)).map((resource) => generatedController(resource));
  const schemas = [...resources, ...singletons].map((resource) => resource.schema as EntitySchema<any>);
  const persisted = exported(PERSISTENCE).filter((value): value is EntitySchema<any> => value instanceof EntitySchema && !schemas.includes(value));
  const controllers = [...own, ...generated].sort(bySpecificationOrder);
  if (options.referenceSection) placeInReferenceSection(options.referenceSection, controllers);
  const parts = { resources, singletons, controllers, entities: [...new Set([...schemas, ...persisted])] };
  gathered.set(folder, parts);
  return parts;
}

const gathered = new Map<string, ContextParts>();

/**
 * Controllers in the specification's order (the first route number each serves): the order of the OpenAPI paths and of
 * the catalog's event types. Those it does not number come first: they serve fixed paths of their own
 * (`probate/deadlines/feed-links`, `inventory`), which Express must meet before a collection's `:id` route would take
 * the last segment for an id.
 */
function specificationOrder(controller: Type): number {
  const numbers = manifestsOf(controller).flatMap((manifest) => manifest.specificationRoutes.map((route) => route.number));
  return numbers.length > 0 ? Math.min(...numbers) : -1;
}

function bySpecificationOrder(a: Type, b: Type): number {
  return specificationOrder(a) - specificationOrder(b) || a.name.localeCompare(b.name);
}

/** Marks controllers as serving routes of one reference section (`inReferenceOrder`). */
export function placeInReferenceSection(section: string, controllers: readonly Type[]): void {
  for (const controller of controllers) Reflect.defineMetadata(REFERENCE_SECTION, section, controller);
}

/**
 * Controllers as the reference lists them (the OpenAPI paths, the catalog's event types): in the order the modules
 * registered them, except that the controllers of one reference section stand together where the first of them
 * registered, in the specification's order, as they would in one context. So the reference reads the same however a
 * section is cut into contexts.
 */
export function inReferenceOrder(controllers: readonly Type[]): Type[] {
  const groups = new Map<unknown, Type[]>();
  for (const controller of controllers) {
    const key: unknown = Reflect.getMetadata(REFERENCE_SECTION, controller) ?? controller;
    groups.set(key, [...(groups.get(key) ?? []), controller]);
  }
  return [...groups.entries()].flatMap(([key, members]) => (key === members[0] ? members : [...members].sort(bySpecificationOrder)));
}

/** The standard routes of a declaration, as a class named after it (`VehiclesController`). */
function generatedController(resource: CaseResource<any>): Type {
  const controller = class extends CaseResourceController(resource) {};
  Object.defineProperty(controller, 'name', { value: `${pascalCaseOf(resource.path.split('/').pop() ?? resource.name)}Controller` });
  return controller;
}
