import type { ResourceEventTypes } from '../platform/events/event-types';
import type { SpecificationRoute } from './openapi/specification-routes';

/**
 * What a resource tells the kernel about itself beyond its routes, declared with the resource so that adding one
 * edits no kernel file: its events (key and the actions it can emit), its OpenAPI tag and the tag's description, the
 * specification routes it serves, and the fields it always returns masked. A `caseResource(...)` declaration derives
 * its manifest; a hand-written resource (the case, the deceased, webhook endpoints) writes one with
 * `resourceManifest(...)`. The controllers that serve a resource carry its manifest (`ServesResources`), and the
 * kernel's `ResourceCatalog` gathers them from the registered controllers at start-up.
 */
export interface ResourceManifest {
  readonly events: ResourceEventTypes;
  /** The OpenAPI tag of its routes. */
  readonly tag: string;
  /** The tag's description; one resource of a shared tag (`bank-accounts`) gives it. */
  readonly tagDescription?: string;
  readonly specificationRoutes: readonly SpecificationRoute[];
  /**
   * JSON fields returned masked (only the last four characters visible) wherever they appear in the resource's
   * representation, nested objects included: in responses, events, webhook payloads and idempotent replays.
   */
  readonly masked: readonly string[];
  /**
   * The component schema of its representation (`TransferView`): what its events carry as `data.object`, so the
   * document's `webhooks` section types each event's payload.
   */
  readonly viewSchema?: string;
}

export interface ResourceManifestDeclaration {
  /** The key of its events (contract §14.2). */
  eventKey: string;
  /** The actions it can emit: `created`, `updated`, `deleted`, `status_changed`, and scheduled or single ones. */
  emits: readonly string[];
  tag: string;
  tagDescription?: string;
  specificationRoutes?: readonly SpecificationRoute[];
  masked?: readonly string[];
  /** The class of its representation, as its routes answer it (`CaseView`). */
  view?: abstract new (...args: never[]) => object;
}

/** A hand-written resource's manifest. */
export function resourceManifest(declaration: ResourceManifestDeclaration): ResourceManifest {
  return Object.freeze({
    events: { key: declaration.eventKey, actions: [...declaration.emits] },
    tag: declaration.tag,
    tagDescription: declaration.tagDescription,
    specificationRoutes: [...(declaration.specificationRoutes ?? [])],
    masked: [...(declaration.masked ?? [])],
    viewSchema: declaration.view?.name,
  });
}

/** Class metadata: the manifests of the resources a controller serves. */
export const RESOURCE_MANIFESTS = 'estate:resource-manifests';

/** Marks a controller as serving these resources: the kernel finds their manifests through it. */
export function ServesResources(...manifests: ResourceManifest[]): ClassDecorator {
  return (target) => {
    const inherited: ResourceManifest[] = Reflect.getMetadata(RESOURCE_MANIFESTS, target) ?? [];
    Reflect.defineMetadata(RESOURCE_MANIFESTS, [...inherited, ...manifests], target);
  };
}

/** The manifests a controller class carries (its own and those of the generated class it extends). */
export function manifestsOf(controller: unknown): readonly ResourceManifest[] {
  if (typeof controller !== 'function') return [];
  return Reflect.getMetadata(RESOURCE_MANIFESTS, controller) ?? [];
}
