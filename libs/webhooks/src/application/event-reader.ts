import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BadRequestError, Condition, ErrorDetail, EventTypeCatalog, NotFoundError, ResourceList, StoredEvent, findRecords, notACalendarDay, parseListQuery, runListQuery } from '@estate/shared-kernel';
import { eventRecord } from '../resources/event.record';
import { presentEvent } from './presentation';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function values(raw: unknown): string[] {
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]).map(String);
}

function timestamp(name: string, raw: unknown, problems: ErrorDetail[]): string | undefined {
  const given = values(raw);
  if (given.length === 0) return undefined;
  const value = given[given.length - 1];
  const wellFormed = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value);
  // `Date.parse` rolls a day past the month's end over (2026-02-30 is March 2): such a date is refused, and said so.
  const impossible = wellFormed ? notACalendarDay(value) : undefined;
  if (impossible) {
    problems.push({ field: name, message: `${name} is not a calendar date: ${impossible}`, reason: 'format' });
    return undefined;
  }
  const time = wellFormed ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) {
    problems.push({ field: name, message: `${name} must be an ISO 8601 date or date-time, e.g. 2026-11-01T00:00:00Z`, reason: 'format' });
    return undefined;
  }
  return new Date(time).toISOString();
}

/**
 * Whose events a caller reads (contract-extensions §14.3): those of every case it reaches (§13.1) — its organization's
 * cases and the cases shared with it as a collaborator, whoever owns them — and, for an organization's owners and admins
 * only, that organization's organization-level events (`case_id` null).
 */
export interface EventAudience {
  /** The caller's organization; null for a guest (§13.1), who reaches only its shared cases. */
  organizationId: string | null;
  /** Whether the organization's own events (`case_id` null) are visible too: its owners and admins. */
  organizationLevel: boolean;
  /** The cases shared with the caller (its accepted collaborator seats). */
  sharedCases: readonly string[];
}

/** The events of one case, for a caller the case-access guard let in (its owner, named). */
export const audienceOfCase = (owner: string): EventAudience => ({ organizationId: owner, organizationLevel: false, sharedCases: [] });

/** The condition on `events` that keeps what `audience` may see (none of them: nothing). */
function visibleTo(audience: EventAudience): Condition {
  const reach: Condition[] = [];
  if (audience.organizationId !== null) {
    reach.push(audience.organizationLevel ? { organizationId: audience.organizationId } : { organizationId: audience.organizationId, caseId: { $ne: null } });
  }
  if (audience.sharedCases.length > 0) reach.push({ caseId: { $in: [...audience.sharedCases] } });
  return { $or: reach };
}

/** An events filter of `type` values: exact types and `prefix.*` patterns (`*` is no filter). */
function ofTypes(types: readonly string[]): Condition | undefined {
  if (types.length === 0 || types.includes('*')) return undefined;
  const exact = types.filter((type) => !type.endsWith('.*'));
  const prefixes = types.filter((type) => type.endsWith('.*')).map((type) => type.slice(0, -1));
  return { $or: [...(exact.length > 0 ? [{ type: { $in: exact } }] : []), ...(prefixes.length > 0 ? [{ type: { $startsWith: prefixes } }] : [])] };
}

/**
 * The events a token may read (contract §14.3, `EventAudience`). Newest first, page or cursor mode, filtered by type
 * (exact or `prefix.*`, repeatable), case and creation time: the kernel's list statement over the events table, on the
 * events' indexes.
 */
@Injectable()
export class EventReader {
  constructor(
    private readonly em: EntityManager,
    private readonly eventTypes: EventTypeCatalog,
  ) {}

  async get(audience: EventAudience, eventId: string): Promise<StoredEvent> {
    if (!ULID.test(eventId)) throw new NotFoundError('event');
    const [event] = await findRecords(this.em, eventRecord.schema, [{ id: eventId }, visibleTo(audience)]);
    if (!event) throw new NotFoundError('event');
    return event;
  }

  async list(audience: EventAudience, raw: Record<string, unknown>, caseId?: string): Promise<ResourceList> {
    const query = parseListQuery(raw, eventRecord.listRules, ['events', audience.organizationId, caseId ?? null]);
    const problems: ErrorDetail[] = [];
    const types = values(raw.type);
    if (types.some((type) => !this.eventTypes.accepts(type))) {
      problems.push({ field: 'type', message: 'type must be an event type that exists (case.created), a key pattern (case.*) or *', reason: 'enum' });
    }
    const caseFilter = caseId ?? values(raw.case_id).at(-1);
    if (caseId === undefined && caseFilter !== undefined && !ULID.test(caseFilter)) problems.push({ field: 'case_id', message: 'case_id must be a case id (ULID)', reason: 'format' });
    const after = timestamp('created_after', raw.created_after, problems);
    const before = timestamp('created_before', raw.created_before, problems);
    if (problems.length > 0) throw new BadRequestError('Invalid query parameters.', problems);

    const conditions: Condition[] = [visibleTo(audience)];
    if (caseFilter !== undefined) conditions.push({ caseId: caseFilter });
    const typed = ofTypes(types);
    if (typed) conditions.push(typed);
    if (after !== undefined) conditions.push({ createdAt: { $gt: after } });
    if (before !== undefined) conditions.push({ createdAt: { $lt: before } });
    const page = await runListQuery(this.em, eventRecord.schema, conditions, query);
    return new ResourceList(page.rows.map(presentEvent), page.meta);
  }
}
