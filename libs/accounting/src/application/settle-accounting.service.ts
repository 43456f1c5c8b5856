import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { Clock, ResourceEvents, UnitOfWork } from '@estate/shared-kernel';
import { accountingCaption, accountingDocument } from '../domain/accounting-document';
import { AccountingPapers } from './accounting-papers';
import { AccountingScheme, defaultScheme } from '../domain/accounting-schemes';
import { assertNotClosedByFinal, assertSettleable } from '../domain/settlement';
import { accountingSummaryOf, type SettledAccountingRecord } from '../resources/settled-accounting-record';
import { AccountingComputations } from './accounting-computations';
import { AccountingSources } from './accounting-sources';
import { AccountingStore } from './ports/accounting-store.port';

export interface SettlementAsked {
  to: string;
  isFinal: boolean;
  scheme: AccountingScheme | null;
}

/** The event key of settled accountings (contract-extensions §14.2: `accounting.created|deleted`). */
export const ACCOUNTING_EVENT_KEY = 'accounting';

/**
 * `POST …/accountings` (contract-extensions §16.4, §16.6, §16.7): settles the next account, from the next start to
 * `to`, under the case lock. Refused after a final account (`409 invalid_state`), without a date of death, for a
 * period that cannot be the next, when it does not balance, and when a final one finds a claim or a distribution
 * open. The document and what it counted are stored as computed, and `accounting.created` is told in the same
 * transaction.
 */
@Injectable()
export class SettleAccounting {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sources: AccountingSources,
    private readonly computations: AccountingComputations,
    private readonly store: AccountingStore,
    private readonly events: ResourceEvents,
    private readonly clock: Clock,
    private readonly papers: AccountingPapers,
  ) {}

  execute(caseId: string, asked: SettlementAsked, createdBy: string): Promise<SettledAccountingRecord> {
    return this.uow.run(
      (em) =>
        this.sources.read(caseId, async (snapshot) => {
          const latest = snapshot.settled.at(-1) ?? null;
          assertNotClosedByFinal(latest);
          const computation = await this.computations.compute(caseId, snapshot, { to: asked.to });
          assertSettleable(computation, { isFinal: asked.isFinal, claims: snapshot.records.creditorClaims, distributions: snapshot.records.distributions });
          const scheme = asked.scheme ?? defaultScheme(snapshot.probateState);
          const settled = { id: ulid(), caseId, sequence: (latest?.sequence ?? 0) + 1, from: computation.from, to: computation.to, isFinal: asked.isFinal, scheme, createdAt: this.clock.now(), createdBy };
          // The report is computed now and stored in the document: later changes to claims or the bond never reach it.
          const report = this.computations.report(snapshot, computation, scheme);
          const document = accountingDocument({ computation, caption: accountingCaption(snapshot.caption), scheme, identity: { status: 'settled', ...settled }, report });
          // So is what its PDF names beside the account: a settled PDF renders the same bytes every time.
          const paper = await this.papers.of(caseId);
          const accounting: SettledAccountingRecord = { ...settled, summary: document.summary, document, counted: computation.counted, paper };
          await this.store.add(accounting);
          await this.events.created(em, { key: ACCOUNTING_EVENT_KEY, caseId }, accountingSummaryOf(accounting));
          return accounting;
        }),
      { caseId },
    );
  }
}
