import { DomainError, type ErrorDetail } from '@estate/shared-kernel/domain';
import type { CalendarDate } from './accounting-records';
import { dayAfter } from './calendar-day';
import { type PropertyKind, type PropertyRef, propertyKey } from './property-refs';

/**
 * Contract-extensions §16.4: the period an account covers, and what it counts. The first account starts on the date of
 * death, each later one the day after the previous settled one's `to`; periods are inclusive.
 */

/** The codes §16 adds (§16.7), all `422`; the module registers them with the kernel's error statuses. */
export const ACCOUNTING_ERROR_STATUS = {
  date_of_death_required: 422,
  accounting_period_invalid: 422,
  accounting_not_allowed: 422,
} as const;

/** No deceased, or no `date_of_death`: there is no first day to account from. */
export class DateOfDeathRequired extends DomainError {
  constructor() {
    super('date_of_death_required', 'An accounting starts on the date of death; the deceased or the date of death is not recorded.', [
      { field: 'date_of_death', message: "the deceased's date_of_death is required before an accounting", reason: 'required' },
    ]);
  }
}

export class AccountingPeriodInvalid extends DomainError {
  constructor(details: ErrorDetail[]) {
    super('accounting_period_invalid', details.map((detail) => detail.message).join('; '), details);
  }
}

/** Where the next account starts: the date of death, or the day after the latest settled `to`. */
export function nextStart(dateOfDeath: CalendarDate | null, latestSettledTo: CalendarDate | null): CalendarDate {
  if (dateOfDeath === null) throw new DateOfDeathRequired();
  return latestSettledTo === null ? dateOfDeath : dayAfter(latestSettledTo);
}

/** A settled accounting's number and period. */
export interface SettledPeriod {
  sequence: number;
  from: CalendarDate;
  to: CalendarDate;
}

export interface PeriodRequest {
  dateOfDeath: CalendarDate | null;
  from: CalendarDate;
  /** Whether the client sent `from`; else it is the next start, and a refusal must not speak of a `from` never sent. */
  fromAsked: boolean;
  to: CalendarDate;
  /** Today in UTC. */
  today: CalendarDate;
  /** Every settled accounting of the case, by sequence. */
  settled: readonly SettledPeriod[];
}

/**
 * `to` before the first day of the period: with `from` sent, said against it; without, against what already covers
 * `to` — the settled accounting whose period holds it (a retry of a settlement under a new key), or the date of death.
 */
function toBeforeStart(request: PeriodRequest): string {
  const { to, from } = request;
  if (request.fromAsked) return `to (${to}) must not be before from (${from})`;
  const covering = request.settled.find((period) => period.from <= to && to <= period.to);
  if (covering) {
    return `accounting ${covering.sequence} already covers ${to} (its period is ${covering.from} to ${covering.to}); the next accounting starts on ${from}, so its to must be ${from} or later`;
  }
  return `to (${to}) is before the date of death (${request.dateOfDeath}), where the first accounting starts`;
}

/**
 * The period's violations (`accounting_period_invalid` details), empty when it is valid: `to` after today or before
 * `from`; `from` neither the date of death nor the day after a settled `to` (a live `GET` may re-read an earlier
 * period; `POST` always asks for the next start, so it only meets the `to` rules).
 */
export function periodViolations(request: PeriodRequest): ErrorDetail[] {
  if (request.dateOfDeath === null) throw new DateOfDeathRequired();
  const problems: ErrorDetail[] = [];
  const starts = new Set([request.dateOfDeath, ...request.settled.map((period) => dayAfter(period.to))]);
  if (!starts.has(request.from)) {
    problems.push({ field: 'from', message: `from must be the date of death (${request.dateOfDeath}) or the day after a settled accounting's to`, reason: 'rule' });
  }
  if (request.to > request.today) problems.push({ field: 'to', message: `to (${request.to}) must not be after today (${request.today})`, reason: 'range' });
  if (request.to < request.from) problems.push({ field: 'to', message: toBeforeStart(request), reason: 'range' });
  return problems;
}

/** Throws `accounting_period_invalid` (or `date_of_death_required`) when the period is not one an account can cover. */
export function assertPeriod(request: PeriodRequest): void {
  const problems = periodViolations(request);
  if (problems.length > 0) throw new AccountingPeriodInvalid(problems);
}

/**
 * The flows a settled accounting counts (§16.4), each counted once across all accountings: a transaction of a carried
 * bank account (those folded into beginning or received property included), a disposal, an in-kind distribution,
 * additional property, a paid claim. `kind` names the asset of a disposal or of additional property; else `null`.
 */
export const COUNTED_FLOW_TYPES = ['transaction', 'disposal', 'in_kind_distribution', 'additional_property', 'paid_claim'] as const;
export type CountedFlowType = (typeof COUNTED_FLOW_TYPES)[number];

export interface CountedFlow {
  type: CountedFlowType;
  kind: PropertyKind | null;
  id: string;
}

/** What accountings counted: their flows, and every record they carried (on hand at any time in their period). */
export interface Counted {
  flows: readonly CountedFlow[];
  carried: readonly PropertyRef[];
}

export const NOTHING_COUNTED: Counted = { flows: [], carried: [] };

export const countedFlowKey = (flow: CountedFlow): string => `${flow.type}:${flow.kind ?? ''}:${flow.id}`;

/** What the settled accountings before a period counted, as sets to look flows and records up in. */
export class CountedBefore {
  private readonly flows: ReadonlySet<string>;
  private readonly carried: ReadonlySet<string>;

  constructor(counted: Counted) {
    this.flows = new Set(counted.flows.map(countedFlowKey));
    this.carried = new Set(counted.carried.map(propertyKey));
  }

  hasFlow(flow: CountedFlow): boolean {
    // A first account asks this of every transaction: no key is built when nothing was counted before.
    return this.flows.size > 0 && this.flows.has(countedFlowKey(flow));
  }

  hasCarried(ref: PropertyRef): boolean {
    return this.carried.has(propertyKey(ref));
  }
}

/** A flow counted now but dated before the period: entered or changed after the settlement that covered its date. */
export const isPriorPeriod = (date: CalendarDate, from: CalendarDate): boolean => date < from;
