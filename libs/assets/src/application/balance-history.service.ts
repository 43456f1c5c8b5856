import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import {
  assertIfMatch,
  BadRequestError,
  calendarDateProblem,
  Clock,
  ErrorDetail,
  etagOfVersion,
  isCalendarDate,
  ListQuery,
  NotFoundError,
  pageOfItems,
  parseListQuery,
  PreconditionFailedError,
  ResourceList,
  SingleResource,
  UnitOfWork,
  ValidationFailedError,
} from '@estate/shared-kernel';
import {
  BALANCE_INTERVALS,
  balanceHistory,
  BalanceInterval,
  BalancePoint,
  DEFAULT_BALANCE_INTERVAL,
  earliestDate,
  recordedDateProblems,
} from '../domain/balance-history';
import { RecordedBalance, RecordedBalanceValues } from '../domain/recorded-balance';
import { BalanceSources } from './ports/balance-sources.port';
import { StatementClosings } from './ports/statement-closings.port';

/** The route's words, for the list's cursors (contract §4: a cursor is bound to its list). */
const LIST = 'bank-accounts/:account_id/balance-history';
/** The history's own parameters: each names one value. */
const HISTORY_PARAMETERS = ['interval', 'date_from', 'date_to'] as const;

interface HistoryRequest {
  interval: BalanceInterval;
  from: string | null;
  to: string;
  query: ListQuery;
}

/** What a created or replaced recorded point answers, and whether it was created. */
export interface RecordedPoint {
  presented: SingleResource;
  created: boolean;
}

const viewOf = (point: BalancePoint) => ({ date: point.date, balance: point.balance, available_balance: point.availableBalance, source: point.source });

/**
 * The balance history of a bank account (contract §12.3): `GET …/balance-history` computes the points from the
 * recorded balances, the statements' closings (through the documents context's `StatementClosings`) and the ledger's
 * running balances, then pages them (both modes, sorted by date); `PUT` and `DELETE …/balance-history/{date}` record
 * and remove a point. Points are derived data: no event. Writes run in the request's unit of work, holding the case row.
 */
@Injectable()
export class BalanceHistory {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly sources: BalanceSources,
    private readonly statements: StatementClosings,
  ) {}

  async list(caseId: string, accountId: string, raw: Record<string, unknown>): Promise<ResourceList> {
    await this.assertAccount(caseId, accountId);
    const request = this.parse(raw, [LIST, { caseId, accountId }]);
    const closings = await this.statements.closingsOf(caseId, accountId, request.to);
    const from = request.from ?? earliestDate(await this.sources.firstDate(accountId), closings[0]?.periodEnd);
    let points: BalancePoint[] = [];
    if (from !== null && from <= request.to) {
      const [recorded, ledger] = await Promise.all([this.sources.recorded(accountId, from, request.to), this.sources.ledger(accountId, from, request.to)]);
      points = balanceHistory(request.interval, from, request.to, { recorded, closings: closings.filter((closing) => closing.periodEnd >= from), ledger });
    }
    if (request.query.sortOrder === 'desc') points.reverse();
    const page = pageOfItems(points, request.query, (point) => ({ value: point.date, id: point.date }));
    return new ResourceList(page.rows.map(viewOf), page.meta);
  }

  /** `PUT …/balance-history/{date}`: `201` when the day had no recorded point, `200` when it replaced one. */
  record(caseId: string, accountId: string, date: string, values: RecordedBalanceValues, ifMatch: string | undefined): Promise<RecordedPoint> {
    return this.uow.run(
      async (em) => {
        await this.assertAccount(caseId, accountId);
        this.assertRecordable(date);
        const existing = await em.findOne(RecordedBalance, { bankAccountId: accountId, date });
        if (existing) assertIfMatch(ifMatch, this.etagOf(existing));
        // If-Match on a point not recorded yet can never hold, not even `*` (RFC 9110 §13.1.1).
        else if (ifMatch !== undefined) throw new PreconditionFailedError();
        const now = this.clock.now();
        const point = existing ?? RecordedBalance.record(ulid(), caseId, accountId, date, values, now);
        if (existing) existing.replace(values, now);
        else em.persist(point);
        await em.flush();
        const view = viewOf({ date, balance: point.balance, availableBalance: point.availableBalance, source: 'recorded' });
        return { presented: new SingleResource(view, this.etagOf(point)), created: !existing };
      },
      { caseId },
    );
  }

  /** `DELETE …/balance-history/{date}`: `404` when nothing was recorded that day. */
  remove(caseId: string, accountId: string, date: string, ifMatch: string | undefined): Promise<void> {
    return this.uow.run(
      async (em) => {
        await this.assertAccount(caseId, accountId);
        this.assertRecordable(date);
        const existing = await em.findOne(RecordedBalance, { bankAccountId: accountId, date });
        if (!existing) throw new NotFoundError('recorded balance');
        assertIfMatch(ifMatch, this.etagOf(existing));
        em.remove(existing);
        await em.flush();
      },
      { caseId },
    );
  }

  private async assertAccount(caseId: string, accountId: string): Promise<void> {
    if (!(await this.sources.accountExists(caseId, accountId))) throw new NotFoundError('bank account');
  }

  /** The `{date}` of a route: a calendar date, not after today (UTC); else `422` on `date`. */
  private assertRecordable(date: string): void {
    const malformed = calendarDateProblem('date', date);
    if (malformed) throw new ValidationFailedError([malformed]);
    const problems = recordedDateProblems(date, this.clock.today());
    if (problems.length > 0) throw new ValidationFailedError(problems);
  }

  /** A point can be deleted and recorded again: its creation time tells the new one's version 1 from the old one's. */
  private etagOf(point: RecordedBalance): string {
    return etagOfVersion('recorded balance', `${point.bankAccountId}:${point.date}`, `${point.createdAt.getTime()}:${point.version}`);
  }

  /**
   * `interval`, `date_from`, `date_to` (each once; dates of the accepted calendar, `date_from` not after `date_to`)
   * and the list parameters of contract §4 (`sort_by` only `date`, default `desc`): every problem at once, `400`.
   */
  private parse(raw: Record<string, unknown>, list: readonly unknown[]): HistoryRequest {
    const problems: ErrorDetail[] = [];
    const single = (name: (typeof HISTORY_PARAMETERS)[number]): string | undefined => {
      const value = raw[name];
      if (value === undefined) return undefined;
      if (typeof value !== 'string') {
        problems.push({ field: name, message: `${name} may be given once`, reason: 'type' });
        return undefined;
      }
      return value;
    };
    const interval = single('interval') ?? DEFAULT_BALANCE_INTERVAL;
    if (!(BALANCE_INTERVALS as readonly string[]).includes(interval)) problems.push({ field: 'interval', message: `interval must be one of: ${BALANCE_INTERVALS.join(', ')}`, reason: 'enum' });
    const date = (name: 'date_from' | 'date_to'): string | undefined => {
      const value = single(name);
      const malformed = value === undefined ? undefined : calendarDateProblem(name, value);
      if (malformed) {
        problems.push(malformed);
        return undefined;
      }
      return value;
    };
    const from = date('date_from') ?? null;
    const to = date('date_to') ?? this.clock.today();
    if (from !== null && from > to) problems.push({ field: 'date_from', message: `date_from must not be after date_to (${to})`, reason: 'range' });
    let query: ListQuery | undefined;
    try {
      query = parseListQuery({ sort_by: 'date', ...raw }, { filters: {}, sorts: ['date'] }, list);
    } catch (error) {
      if (!(error instanceof BadRequestError)) throw error;
      problems.push(...(error.details ?? []));
    }
    const position = query?.cursor?.value;
    if (position !== undefined && position !== null && !(typeof position === 'string' && isCalendarDate(position))) {
      problems.push({ field: 'cursor', message: 'cursor is not valid: pass the next_cursor of a previous page, or an empty cursor to start', reason: 'format' });
    }
    if (problems.length > 0 || !query) throw new BadRequestError('Invalid query parameters.', problems);
    return { interval: interval as BalanceInterval, from, to, query };
  }
}
