import type { OpenAPIObject } from '@nestjs/swagger';
import type { WebhookResource } from '@estate/shared-kernel';

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any


const SCHEMAS = '#/components/schemas/';
const PARAMETERS = '#/components/parameters/';
/** The schema of an event whatever its type: a union discriminated on `type`. */
export const EVENT_UNION_SCHEMA = 'Event';

/** What each action tells, in the words of the `webhooks` section. */
function actionSentence(noun: string, action: string): string {
  switch (action) {
    case 'created':
      return `A ${noun} was created. \`data.object\` is the new ${noun}.`;
    case 'updated':
      return `A ${noun} was changed. \`data.object\` is the ${noun} after the change; \`data.previous_attributes\` holds the former values of the fields that changed.`;
    case 'deleted':
      return `A ${noun} was deleted. \`data.object\` is its last state.`;
    case 'status_changed':
      return `A ${noun} moved to another \`status\`. \`data.object\` is the ${noun} after the move; \`data.previous_attributes.status\` is the status it left.`;
    case 'reminder':
      return `A reminder of a ${noun} is due (\`reminder_days_before\` days before its \`due_date\`). \`data.object\` is the ${noun}.`;
    case 'overdue':
      return `A ${noun} passed its due date while still open. \`data.object\` is the ${noun}.`;
    case 'ping':
      return `A test event sent to one ${noun} by its \`ping\` operation. \`data.object\` is the ${noun}.`;
    default:
      return `A ${noun} event (\`${action}\`). \`data.object\` is the ${noun}.`;
  }
}

function pascal(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

/** `transfer.status_changed` → `TransferStatusChangedEvent`. */
export function eventSchemaName(type: string): string {
  return `${pascal(type)}Event`;
}

/**
 * The Standard Webhooks headers of every delivery, declared once: a receiver verifies `webhook-signature` over
 * `{webhook-id}.{webhook-timestamp}.{body}` and de-duplicates on `webhook-id`.
 */
function declareDeliveryHeaders(document: OpenAPIObject): string[] {
  const components = document.components as Node;
  components.parameters = {
    ...(components.parameters ?? {}),
    WebhookId: {
      name: 'webhook-id',
      in: 'header',
      required: true,
      description: "The event's id: the same on every retry and at every endpoint; de-duplicate on it.",
      schema: { type: 'string', pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' },
      example: '01JF7Q3Z8X5N2M4K6P9R0T1V3W',
    },
    WebhookTimestamp: {
      name: 'webhook-timestamp',
      in: 'header',
      required: true,
      description: 'Unix time, in seconds, of this attempt; reject one more than 5 minutes off your clock.',
      schema: { type: 'string', pattern: '^[0-9]+$' },
      example: '1767225600',
    },
    WebhookSignature: {
      name: 'webhook-signature',
      in: 'header',
      required: true,
      description:
        'Space-separated `v1,{base64 HMAC-SHA256}` signatures of `{webhook-id}.{webhook-timestamp}.{body}` with the base64-decoded part ' +
        "of the endpoint's secret after `whsec_` (two while a rotated secret is still live); compare in constant time.",
      schema: { type: 'string' },
      example: 'v1,pif5PScbjGPNgnwrsCb2PpqJz4SVLSJMNFPBqNNS3uM=',
    },
  };
  return ['WebhookId', 'WebhookTimestamp', 'WebhookSignature'];
}

/**
 * One schema per event type — the event envelope with `type` fixed to that type and `data.object` the resource's
 * view — their union `Event` discriminated on `type`, and the document's `webhooks` section (OpenAPI 3.1): one
 * entry per type, the `POST` a subscribed endpoint receives. A generated client types every event's payload.
 */
export function describeWebhooks(document: OpenAPIObject, resources: readonly WebhookResource[]): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Node>;
  const envelope = schemas.EventView;
  if (!envelope || resources.length === 0) return;
  const data = schemas.EventDataView ?? {};
  const headers = declareDeliveryHeaders(document).map((name) => ({ $ref: `${PARAMETERS}${name}` }));
  const webhooks: Record<string, Node> = {};
  const mapping: Record<string, string> = {};
  for (const { key, actions, viewSchema } of resources) {
    if (viewSchema !== undefined && !schemas[viewSchema]) throw new Error(`the view "${viewSchema}" of the ${key} events is not a schema of the document`);
    const noun = key.replace(/_/g, ' ');
    const object = viewSchema ? { $ref: `${SCHEMAS}${viewSchema}`, description: `The ${noun} as its \`GET\` returns it, masked.` } : data.properties?.object;
    for (const action of actions) {
      const type = `${key}.${action}`;
      const name = eventSchemaName(type);
      schemas[name] = {
        description: `\`${type}\`: ${actionSentence(noun, action)}`,
        allOf: [
          { $ref: `${SCHEMAS}EventView` },
          {
            type: 'object',
            required: ['type', 'data'],
            properties: {
              type: { type: 'string', const: type, description: 'The event type.', example: type },
              data: { type: 'object', description: 'The resource and what changed.', required: ['object'], properties: { object } },
            },
          },
        ],
      };
      mapping[type] = `${SCHEMAS}${name}`;
      webhooks[type] = {
        post: {
          operationId: `on${pascal(type)}`,
          summary: type,
          description: `${actionSentence(noun, action)} Sent to every enabled endpoint whose \`enabled_events\` match \`${type}\`, \`${key}.*\` or \`*\`.`,
          tags: ['Webhooks'],
          security: [],
          parameters: headers,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: `${SCHEMAS}${name}` } } } },
          responses: {
            '200': { description: 'Received. Any `2xx` within 15 seconds ends the delivery; another status, a redirect or a timeout is retried.' },
            '410': { description: 'Gone: the endpoint is disabled (`disabled_reason: gone`) and the delivery ends.' },
          },
        },
      };
    }
  }
  schemas[EVENT_UNION_SCHEMA] = {
    description: 'An event of any type, as `GET /v1/events/{event_id}` returns it and as webhooks deliver it; `type` tells which.',
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'type', mapping },
  };
  (document as Node).webhooks = webhooks;
  // An event read through the API is typed like a delivered one: by its `type`.
  retarget(document.paths, `${SCHEMAS}EventView`, `${SCHEMAS}${EVENT_UNION_SCHEMA}`);
}

function retarget(node: unknown, from: string, to: string): void {
  if (Array.isArray(node)) return node.forEach((item) => retarget(item, from, to));
  if (node === null || typeof node !== 'object') return;
  const schema = node as Node;
  if (schema.$ref === from) schema.$ref = to;
  Object.values(schema).forEach((value) => retarget(value, from, to));
}
