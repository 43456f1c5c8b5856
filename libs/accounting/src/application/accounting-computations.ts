import { Injectable } from '@nestjs/common';
import { Clock } from '@estate/shared-kernel';
import { previousAccountingOf } from '../domain/accounting-document';
import type { AccountingComputation } from '../domain/accounting-lines';
import { assertPeriod, DateOfDeathRequired, nextStart } from '../domain/accounting-period';
import { type AccountingReport, accountingReport } from '../domain/accounting-report';
import type { AccountingScheme } from '../domain/accounting-schemes';
import { computeAccounting } from '../domain/court-accounting';
import type { AccountingSnapshot } from './accounting-sources';
import { AccountingStore, countedTogether } from './ports/accounting-store.port';

/** The period asked for; an unsent `from` is the next start, an unsent `to` today (contract-extensions §16.7). */
export interface PeriodAsked {
  from?: string;
  to?: string;
}

/**
 * One computation of a case's account over a period (contract-extensions §16.4): the period checked against the date
 * of death and the settled accountings, the previous settled one's ending property as this one's beginning, and what
 * the settled accountings ending before `from` counted left out.
 */
@Injectable()
export class AccountingComputations {
  constructor(
    private readonly store: AccountingStore,
    private readonly clock: Clock,
  ) {}

  async compute(caseId: string, snapshot: AccountingSnapshot, asked: PeriodAsked): Promise<AccountingComputation> {
    const { dateOfDeath, settled } = snapshot;
    if (dateOfDeath === null) throw new DateOfDeathRequired();
    const today = this.clock.today();
    const from = asked.from ?? nextStart(dateOfDeath, settled.at(-1)?.to ?? null);
    const to = asked.to ?? today;
    assertPeriod({ dateOfDeath, from, fromAsked: asked.from !== undefined, to, today, settled });
    // Only settled accountings ending before `from` are used: a live read of an earlier period ignores later ones.
    const before = settled.filter((head) => head.to < from);
    const last = before.at(-1);
    const stored = last ? await this.store.bySequence(caseId, last.sequence) : null;
    return computeAccounting({
      from,
      to,
      today,
      dateOfDeath,
      previous: stored ? previousAccountingOf(stored.document) : null,
      countedBefore: countedTogether(before),
      records: snapshot.records,
    });
  }

  /**
   * §16.10's report of a computation: the claims and distributions of the same snapshot, the executor's bond, and the
   * compensation base through `to` (the settled accounts before this period add what each added).
   */
  report(snapshot: AccountingSnapshot, computation: AccountingComputation, scheme: AccountingScheme): AccountingReport {
    return accountingReport({
      computation,
      scheme,
      claims: snapshot.records.creditorClaims,
      distributions: snapshot.records.distributions,
      bond: snapshot.bond,
      earlier: snapshot.settled.filter((head) => head.to < computation.from).map((head) => head.summary),
    });
  }
}
