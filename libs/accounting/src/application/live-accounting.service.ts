import { Injectable } from '@nestjs/common';
import { Clock } from '@estate/shared-kernel';
import { accountingCaption, accountingDocument, AccountingDocumentJson } from '../domain/accounting-document';
import { AccountingScheme, defaultScheme } from '../domain/accounting-schemes';
import { AccountingComputations, PeriodAsked } from './accounting-computations';
import { AccountingSources } from './accounting-sources';

/** `GET …/accounting` (contract-extensions §16.7): the account computed now, settled nowhere. */
@Injectable()
export class LiveAccounting {
  constructor(
    private readonly sources: AccountingSources,
    private readonly computations: AccountingComputations,
    private readonly clock: Clock,
  ) {}

  /** The document, and which account of the estate it would be (the settled ones before it, plus one). */
  compute(caseId: string, asked: PeriodAsked & { scheme?: AccountingScheme }): Promise<{ document: AccountingDocumentJson; ordinal: number }> {
    return this.sources.read(caseId, async (snapshot) => {
      const computation = await this.computations.compute(caseId, snapshot, asked);
      const ordinal = snapshot.settled.filter((head) => head.to < computation.from).length + 1;
      const scheme = asked.scheme ?? defaultScheme(snapshot.probateState);
      const document = accountingDocument({
        computation,
        caption: accountingCaption(snapshot.caption),
        scheme,
        identity: { status: 'live', computedAt: this.clock.now() },
        report: this.computations.report(snapshot, computation, scheme),
      });
      return { document, ordinal };
    });
  }
}
