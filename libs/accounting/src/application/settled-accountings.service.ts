import { Injectable } from '@nestjs/common';
import { AccountingFilings } from '@estate/court';
import { ListPage, NotFoundError, parseListQuery, PreconditionFailedError, ResourceEvents, UnitOfWork } from '@estate/shared-kernel';
import { storedDocument } from '../domain/accounting-document';
import { ACCOUNTING_SCHEMES } from '../domain/accounting-schemes';
import { assertDeletable, assertNotFiled } from '../domain/settlement';
import { ACCOUNTING_FORMATS, accountingEtag } from '../domain/settled-accounting';
import { accountingSummaryOf, type SettledAccountingRecord, settledAccountingRecord } from '../resources/settled-accounting-record';
import { ACCOUNTING_EVENT_KEY } from './settle-accounting.service';
import { AccountingStore } from './ports/accounting-store.port';

/** `…/accountings/{sequence}` names an accounting by its number: digits only, else no such accounting (404). */
const SEQUENCE = /^[1-9]\d{0,8}$/;

/** Every strong ETag of a settled accounting: one per scheme and format (contract-extensions §16.7). */
export function etagsOf(id: string): string[] {
  return ACCOUNTING_SCHEMES.flatMap((scheme) => ACCOUNTING_FORMATS.map((format) => accountingEtag(id, scheme, format)));
}

/** `If-Match` on a settled accounting matches any of its ETags, or `*` (strong comparison); 412 otherwise. */
function assertMatchesAny(ifMatch: string | undefined, id: string): void {
  if (ifMatch === undefined) return;
  const etags = new Set(etagsOf(id));
  const tags = ifMatch.split(',').map((tag) => tag.trim());
  if (!tags.some((tag) => tag === '*' || etags.has(tag))) throw new PreconditionFailedError();
}

/**
 * The settled accountings of a case (contract-extensions §16.7): listed as summaries, read one by its sequence, and
 * the latest deleted (its flows counted again by the next computation) unless a filing names it, `accounting.deleted`
 * told in the same transaction.
 */
@Injectable()
export class SettledAccountings {
  constructor(
    private readonly store: AccountingStore,
    private readonly uow: UnitOfWork,
    private readonly events: ResourceEvents,
    private readonly filings: AccountingFilings,
  ) {}

  async list(caseId: string, rawQuery: Record<string, unknown>): Promise<ListPage<Record<string, unknown>>> {
    const query = parseListQuery(rawQuery, settledAccountingRecord.listRules, ['accountings', { caseId }]);
    const page = await this.store.list(caseId, query);
    return { rows: page.rows.map(accountingSummaryOf), meta: page.meta };
  }

  async read(caseId: string, sequence: string): Promise<SettledAccountingRecord> {
    const found = SEQUENCE.test(sequence) ? await this.store.bySequence(caseId, Number(sequence)) : null;
    if (!found) throw new NotFoundError('accounting');
    return { ...found, document: storedDocument(found.document) };
  }

  remove(caseId: string, sequence: string, ifMatch: string | undefined): Promise<void> {
    return this.uow.run(
      async (em) => {
        const accounting = await this.read(caseId, sequence);
        assertMatchesAny(ifMatch, accounting.id);
        const heads = await this.store.headsOf(caseId);
        assertDeletable(accounting.sequence, heads[heads.length - 1].sequence);
        assertNotFiled(accounting.sequence, await this.filings.namingAccounting(caseId, accounting.id));
        await this.store.remove(accounting);
        await this.events.deleted(em, { key: ACCOUNTING_EVENT_KEY, caseId }, accountingSummaryOf(accounting));
      },
      { caseId },
    );
  }
}
