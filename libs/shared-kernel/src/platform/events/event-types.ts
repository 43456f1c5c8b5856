import type { ErrorDetail } from '../errors/domain-error';

/** The actions a resource's writes tell, in the order the catalog lists them (contract §14.2). */
export const WRITE_ACTIONS = ['created', 'updated', 'deleted', 'status_changed'] as const;

/**
 * One resource's events as it declares them: its key of contract §14.2 (`deadline`, `bank_account`) and the actions
 * it can emit under that key: the write actions its routes and processors produce, and any scheduled or single
 * ones (`reminder`, `overdue`, `ping`).
 */
export interface ResourceEventTypes {
  key: string;
  actions: readonly string[];
  /**
   * The field whose move is told as `{key}.status_changed` when the actions include it: `status` unless the resource
   * names another (unclaimed property's `claim_status`, contract-extensions §14.2).
   */
  statusField?: string;
}

/**
 * The event types that can exist, gathered from the declarations of the resources that have routes: what a `type`
 * filter or an endpoint's `enabled_events` may name (`*`, `{key}.*`, or one type a resource can emit), and which keys
 * tell a move of `status` as `{key}.status_changed` instead of `{key}.updated`. Built once at start-up.
 */
export class EventTypeCatalog {
  /** `*`, then every key's `{key}.*`, then every type: the OpenAPI enum of the filter and of `enabled_events`. */
  readonly patterns: readonly string[];
  /** Every type that can fire, in catalog order: the `enum` of an event's `type`. */
  readonly types: readonly string[];
  private readonly accepted: ReadonlySet<string>;
  /** The keys that tell a status move as `status_changed`, each with the field that is its status. */
  private readonly statusFields: ReadonlyMap<string, string>;

  constructor(resources: readonly ResourceEventTypes[]) {
    const seen = new Set<string>();
    for (const { key } of resources) {
      if (!/^[a-z][a-z_]*$/.test(key)) throw new Error(`event key "${key}" must be snake_case`);
      if (seen.has(key)) throw new Error(`event key "${key}" is declared by two resources`);
      seen.add(key);
    }
    const types = resources.flatMap(({ key, actions }) => ordered(actions).map((action) => `${key}.${action}`));
    this.types = types;
    this.patterns = ['*', ...resources.map(({ key }) => `${key}.*`), ...types];
    this.accepted = new Set(this.patterns);
    this.statusFields = new Map(resources.filter(({ actions }) => actions.includes('status_changed')).map(({ key, statusField }) => [key, statusField ?? 'status']));
  }

  /** Whether a write that moves the status of this key's resource is told as `{key}.status_changed`. */
  tellsStatusChanges(key: string): boolean {
    return this.statusFields.has(key);
  }

  /** The field whose move is this key's `status_changed` (`status`, or the one its resource names); none if it tells none. */
  statusFieldOf(key: string): string | undefined {
    return this.statusFields.get(key);
  }

  /** Whether `*`, `{key}.*` or a type one of the resources can emit. */
  accepts(typeOrPattern: string): boolean {
    return this.accepted.has(typeOrPattern);
  }

  /** One detail per item naming no possible type (`enabled_events[2]`), for a 422 or a 400. */
  problemsOf(field: string, values: readonly string[]): ErrorDetail[] {
    return values.flatMap((value, index) =>
      this.accepts(value)
        ? []
        : [{ field: `${field}[${index}]`, message: `${field}[${index}] (${value}) is not an event type that exists, a key pattern (person.*) or *`, reason: 'enum' }],
    );
  }
}

/** Write actions first, in their usual order, then the key's own (scheduled, single) ones as declared; no repeats. */
function ordered(actions: readonly string[]): string[] {
  const writes = WRITE_ACTIONS.filter((action) => actions.includes(action));
  const own = actions.filter((action) => !(WRITE_ACTIONS as readonly string[]).includes(action));
  return [...new Set([...writes, ...own])];
}
