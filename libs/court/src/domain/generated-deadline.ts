import type { CalendarDate } from './calendar-date';
import type { RuleEvent, RuleSource } from './jurisdiction-rules';
import type { DeadlineType } from './probate-vocabulary';

/** Where a generated deadline came from: shown on the deadline as its `rule`. */
export interface DeadlineRuleRef {
  key: string;
  citation: string;
  source: RuleSource;
  /** The date the rule counted from, and which event that was. */
  from: RuleEvent;
  from_date: CalendarDate;
  /** The date the rule gives before a weekend or federal holiday moved it to the next business day. */
  computed_date: CalendarDate;
}

export interface GeneratedDeadline {
  key: string;
  type: DeadlineType;
  title: string;
  description: string;
  dueDate: CalendarDate;
  rule: DeadlineRuleRef;
}

/**
 * Why a deadline was left out: the date its rule counts from is not known yet; the gross estate is below the federal
 * basic exclusion (and no surviving spouse elects portability) or below the state's exemption; no beneficiary is
 * outside the inheritance tax's exempt classes; the research records no period for the return.
 */
export type SkipReason = 'start_date_unknown' | 'below_exclusion' | 'below_exemption' | 'no_taxable_beneficiary' | 'due_date_not_recorded';

/** A deadline left out, and why (the answer's `meta.skipped`). */
export interface SkippedDeadline {
  key: string;
  type: DeadlineType;
  title: string;
  reason: SkipReason;
  /** The body field that would give the missing date (`letters_issued_date`); null when no date is missing. */
  needs: string | null;
  rule: { citation: string; source: RuleSource; from: RuleEvent };
  /** For a tax return left out by its threshold: the gross estate and the threshold, in US dollars. */
  gross_estate?: number;
  threshold?: number;
  message: string;
}

export interface GeneratedDeadlines {
  deadlines: GeneratedDeadline[];
  skipped: SkippedDeadline[];
}
