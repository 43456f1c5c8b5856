import { Injectable } from '@nestjs/common';
import { BadRequestError, ErrorDetail, NotFoundError } from '../../platform/errors/domain-error';
import { ResourceList } from '../http/resource-response';
import { encodeCursor } from '../pagination/cursor';
import { parseListQuery } from '../pagination/list-query';
import { PlainQuery } from '../../platform/persistence/plain-query';
import { notACalendarDay } from '../validation/fields';
import { presentEvent, StoredEvent } from '../../platform/events/event';
import { EventTypeCatalog } from '../../platform/events/event-types';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const EVENT_COLUMNS = `id, organization_id, case_id, type, data,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

interface EventRow {
  id: string;
  organization_id: string;
  case_id: string | null;
  type: string;
  created_at: string;
  data: StoredEvent['data'];
}

function storedEventOf(row: EventRow): StoredEvent {
  return { id: row.id, type: row.type, organizationId: row.organization_id, caseId: row.case_id, createdAt: new Date(row.created_at), data: row.data };
}

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

/** The condition on `events` that keeps what `audience` may see. */
function visibleTo(audience: EventAudience, bind: (value: unknown) => string): string {
  const conditions: string[] = [];
  if (audience.organizationId !== null) {
    conditions.push(`organization_id = ${bind(audience.organizationId)}${audience.organizationLevel ? '' : ' and case_id is not null'}`);
  }
  if (audience.sharedCases.length > 0) conditions.push(`case_id = any(${bind(audience.sharedCases)}::varchar[])`);
  if (conditions.length === 0) return 'false';
  return conditions.length === 1 ? conditions[0] : `(${conditions.map((condition) => `(${condition})`).join(' or ')})`;
}

/**
 * The events a token may read (contract §14.3, `EventAudience`). Newest first, page or cursor mode, filtered by type
 * (exact or `prefix.*`, repeatable), case and creation time. One hand-written query on the events' indexes.
 */
@Injectable()
export class EventReader {
  constructor(
    private readonly plain: PlainQuery,
    private readonly eventTypes: EventTypeCatalog,
  ) {}

  async get(audience: EventAudience, eventId: string): Promise<StoredEvent> {
    if (!ULID.test(eventId)) throw new NotFoundError('event');
    const params: unknown[] = [eventId];
    const visible = visibleTo(audience, (value) => `$${params.push(value)}`);
    const rows = await this.plain.rows<EventRow>(`select ${EVENT_COLUMNS} from events where id = $1 and ${visible}`, params);
    if (rows.length === 0) throw new NotFoundError('event');
    return storedEventOf(rows[0]);
  }

  async list(audience: EventAudience, raw: Record<string, unknown>, caseId?: string): Promise<ResourceList> {
    const query = parseListQuery(raw, { filters: {}, sorts: ['created_at'] }, ['events', audience.organizationId, caseId ?? null]);
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

    const params: unknown[] = [];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const where = [visibleTo(audience, bind)];
    if (caseFilter !== undefined) where.push(`case_id = ${bind(caseFilter)}`);
    if (types.length > 0 && !types.includes('*')) {
      const exact = types.filter((type) => !type.endsWith('.*'));
      const prefixes = types.filter((type) => type.endsWith('.*')).map((type) => type.slice(0, -2));
      where.push(`(type = any(${bind(exact)}::text[]) or split_part(type, '.', 1) = any(${bind(prefixes)}::text[]))`);
    }
    if (after !== undefined) where.push(`created_at > ${bind(after)}`);
    if (before !== undefined) where.push(`created_at < ${bind(before)}`);
    const direction = query.sortOrder === 'asc' ? 'asc' : 'desc';
    const filtered = where.join(' and ');

    if (query.cursor !== undefined) {
      const conditions = [filtered];
      if (query.cursor !== null) {
        const comparison = direction === 'desc' ? '<' : '>';
        conditions.push(`(created_at, id) ${comparison} (${bind(new Date(query.cursor.value as Date).toISOString())}::timestamptz, ${bind(query.cursor.id)})`);
      }
      const rows = await this.plain.rows<EventRow>(
        `select ${EVENT_COLUMNS} from events where ${conditions.join(' and ')} order by created_at ${direction}, id ${direction} limit ${query.perPage + 1}`,
        params,
      );
      const page = rows.slice(0, query.perPage).map(storedEventOf);
      const last = page.at(-1);
      const hasMore = rows.length > query.perPage;
      return new ResourceList(page.map(presentEvent), {
        page: 1,
        per_page: query.perPage,
        next_cursor: hasMore && last ? encodeCursor(query, { value: last.createdAt, id: last.id }) : null,
        has_more: hasMore,
      });
    }
    const offset = (query.page - 1) * query.perPage;
    const [rows, counted] = await Promise.all([
      this.plain.rows<EventRow>(
        `select ${EVENT_COLUMNS} from events where ${filtered} order by created_at ${direction}, id ${direction} limit ${query.perPage} offset ${offset}`,
        params,
      ),
      this.plain.rows<{ count: string }>(`select count(*) as count from events where ${filtered}`, params),
    ]);
    const total = Number(counted[0].count);
    return new ResourceList(rows.map(storedEventOf).map(presentEvent), {
      page: query.page,
      per_page: query.perPage,
      total_count: total,
      total_pages: Math.ceil(total / query.perPage),
      next_cursor: null,
      has_more: offset + rows.length < total,
    });
  }
}
