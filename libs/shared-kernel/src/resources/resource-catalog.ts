import type { INestApplicationContext, Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { EventTypeCatalog } from '../platform/events/event-types';
import { inReferenceOrder } from './context-parts';
import type { DeclaredDocumentParts, WebhookResource } from './openapi/document-parts';
import { SpecificationRoute, specificationRouteOf } from './openapi/specification-routes';
import { describedTagsOf } from './openapi/described-tag';
import { manifestsOf, ResourceManifest } from './resource-manifest';

/**
 * Every resource the application serves, as its declarations say: gathered once at start-up from the controllers
 * the modules registered (each carries the manifests of the resources it serves), never from a list in the kernel.
 * It gives the event types that exist, the tags' descriptions and the specification's routes.
 */
export class ResourceCatalog {
  readonly events: EventTypeCatalog;
  readonly tagDescriptions: Readonly<Record<string, string>>;
  /** By number. */
  readonly specificationRoutes: readonly SpecificationRoute[];

  /** Each event key once, with its actions and view. */
  private readonly eventResources: readonly EventResource[];

  /** `describedTags`: tags the controllers describe themselves (`DescribedTag`), for routes of no declared resource. */
  constructor(
    readonly manifests: readonly ResourceManifest[],
    describedTags: ReadonlyArray<Readonly<Record<string, string>>> = [],
  ) {
    this.eventResources = eventResourcesOf(manifests);
    this.events = new EventTypeCatalog(this.eventResources.map(({ key, actions, statusField }) => ({ key, actions, statusField })));
    this.tagDescriptions = tagDescriptionsOf([...manifests, ...describedTags.flatMap((tags) => Object.entries(tags).map(([tag, tagDescription]) => ({ tag, tagDescription })))]);
    this.specificationRoutes = specificationRoutesOf(manifests);
  }

  /** The manifests of the controllers of every registered module, each once, in the reference's order (`inReferenceOrder`). */
  static fromModules(modules: ModulesContainer): ResourceCatalog {
    const manifests = new Set<ResourceManifest>();
    const describedTags: Array<Readonly<Record<string, string>>> = [];
    const controllers = [...modules.values()].flatMap((module) => [...module.controllers.values()].map((wrapper) => wrapper.metatype as Type));
    for (const controller of inReferenceOrder(controllers)) {
      manifestsOf(controller).forEach((manifest) => manifests.add(manifest));
      describedTags.push(describedTagsOf(controller));
    }
    return new ResourceCatalog([...manifests], describedTags);
  }

  /** The catalog of an application, also one created in preview mode (nothing instantiated: the OpenAPI writer). */
  static of(app: INestApplicationContext): ResourceCatalog {
    return ResourceCatalog.fromModules(app.get(ModulesContainer));
  }

  specificationRouteOf(method: string, path: string): SpecificationRoute | undefined {
    return specificationRouteOf(this.specificationRoutes, method, path);
  }

  /** What the OpenAPI document takes from the declarations. */
  documentParts(): DeclaredDocumentParts {
    return {
      tagDescriptions: this.tagDescriptions,
      eventTypes: this.events.patterns,
      eventValues: this.events.types,
      eventResources: this.eventResources,
    };
  }
}

/** A key's events as the catalog keeps them: the webhooks section's view, and the field whose moves are status changes. */
type EventResource = WebhookResource & { statusField?: string };

/**
 * The manifests' events, one entry per key. One resource served under two parents (contract-extensions §12.2: account
 * beneficiaries of bank and of financial accounts) is two declarations with one key: when they tell the same actions
 * with the same view they count once. Any other repeat of a key stays, and the event catalog refuses it.
 */
function eventResourcesOf(manifests: readonly ResourceManifest[]): EventResource[] {
  const resources: EventResource[] = [];
  for (const { events, viewSchema } of manifests) {
    const same = resources.some(
      (other) => other.key === events.key && other.viewSchema !== undefined && other.viewSchema === viewSchema && other.actions.join() === events.actions.join(),
    );
    if (!same) resources.push({ key: events.key, actions: events.actions, viewSchema, ...(events.statusField ? { statusField: events.statusField } : {}) });
  }
  return resources;
}

function tagDescriptionsOf(manifests: ReadonlyArray<Pick<ResourceManifest, 'tag' | 'tagDescription'>>): Record<string, string> {
  const descriptions: Record<string, string> = {};
  for (const { tag, tagDescription } of manifests) {
    if (tagDescription === undefined) continue;
    if (descriptions[tag] !== undefined && descriptions[tag] !== tagDescription) throw new Error(`the tag "${tag}" is described twice, differently`);
    descriptions[tag] = tagDescription;
  }
  return descriptions;
}

function specificationRoutesOf(manifests: readonly ResourceManifest[]): SpecificationRoute[] {
  const routes = manifests.flatMap((manifest) => manifest.specificationRoutes).sort((a, b) => a.number - b.number);
  routes.forEach((route, index) => {
    if (index > 0 && routes[index - 1].number === route.number) throw new Error(`two resources declare spec table row ${route.number}`);
  });
  return routes;
}
