import { centsOf, centsToText, type ErrorDetail } from '@estate/shared-kernel/domain';

/** A statement's fields as a body or a merged patch holds them (snake_case JSON). */
export interface StatementFields {
  period_start?: unknown;
  period_end?: unknown;
  opening_balance?: unknown;
  closing_balance?: unknown;
  total_credits?: unknown;
  total_debits?: unknown;
  total_fees?: unknown;
}

const AMOUNTS = ['opening_balance', 'closing_balance', 'total_credits', 'total_debits', 'total_fees'] as const;

/**
 * The rules of one statement on its own (contract §11.2): `period_end` ≥ `period_start`; and, when all five amounts
 * are set, `closing_balance` = `opening_balance` + `total_credits` − `total_debits` − `total_fees` exactly (fees are
 * not in the debits), compared in integer cents, never in floating point.
 */
export function statementProblems(fields: StatementFields): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const { period_start: start, period_end: end } = fields;
  if (typeof start === 'string' && typeof end === 'string' && end < start) {
    problems.push({ field: 'period_end', message: `period_end (${end}) must not be before period_start (${start})`, reason: 'rule' });
  }
  const amounts = AMOUNTS.map((field) => fields[field]);
  if (amounts.every((amount): amount is number => typeof amount === 'number')) {
    const [opening, closing, credits, debits, fees] = amounts.map((amount) => centsOf(amount) as bigint);
    const expected = opening + credits - debits - fees;
    if (closing !== expected) {
      problems.push({
        field: 'closing_balance',
        message: `closing_balance must equal opening_balance + total_credits − total_debits − total_fees = ${centsToText(expected)} (it is ${centsToText(closing)})`,
        reason: 'rule',
      });
    }
  }
  return problems;
}
