import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * What the resources' declarations give the OpenAPI document (gathered at start-up by the resource catalog); the
 * application assembles the document from them (`apps/api/src/openapi`).
 */

/** A schema that is not a `$ref`: @nestjs/swagger's root exports its OpenAPI types only through `OpenAPIObject`. */
type SchemaObject = Exclude<NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string], { $ref: string }>;

/** One resource's events as the document describes them: its key, the actions it can emit and its view's schema. */
export interface WebhookResource {
  key: string;
  actions: readonly string[];
  viewSchema?: string;
}

/** What the document takes from the resources' declarations (gathered at start-up). */
export interface DeclaredDocumentParts {
  /** A description per tag; every tag needs one. */
  tagDescriptions?: Readonly<Record<string, string>>;
  /** The tags the reference shows first, in this order (the application's: it knows every context's); others follow. */
  tagOrder?: readonly string[];
  /** The types and patterns a filter or a subscription may name: the `enum` of schemas marked `EVENT_TYPE_ENUM`. */
  eventTypes?: readonly string[];
  /** The types that can fire: the `enum` of an event's own `type` (schemas marked `EVENT_TYPE_VALUES`). */
  eventValues?: readonly string[];
  /** Each resource's event key, actions and view: the `webhooks` section, one entry per type. */
  eventResources?: readonly WebhookResource[];
}

/**
 * Marks a string schema whose values are event types, filled in when the document is finished (the types are
 * gathered from the declarations at start-up, after the decorators that describe the routes have run):
 * `patterns` — what a filter or a subscription may name (`*`, `transfer.*`, a type); `types` — the types that can fire.
 */
export const EVENT_TYPE_ENUM = 'x-event-type-enum';

export type EventTypeEnum = 'patterns' | 'types';

/** A string schema whose `enum` is the event types (or the types and patterns) that exist. */
export function eventTypeSchema(values: EventTypeEnum = 'patterns'): SchemaObject {
  return { type: 'string', [EVENT_TYPE_ENUM]: values } as SchemaObject;
}

