import type { EventActor } from '../context/request-scope';

/** Who made a change an event tells of: defined with the request scope, which knows the actor. */
export type { EventActor };

export interface EventData {
  object: Record<string, unknown>;
  previous_attributes?: Record<string, unknown>;
  actor: EventActor;
}

/** An event as stored in the outbox (the events table). */
export interface StoredEvent {
  id: string;
  type: string;
  organizationId: string;
  caseId: string | null;
  createdAt: Date;
  data: EventData;
}

/** Does an event type match one of an endpoint's `enabled_events` (an exact type, `prefix.*`, or `*`)? */
export function eventTypeMatches(type: string, patterns: readonly string[]): boolean {
  const prefix = type.slice(0, type.indexOf('.') + 1);
  return patterns.some((pattern) => pattern === '*' || pattern === type || (pattern.endsWith('.*') && pattern.slice(0, -1) === prefix));
}
