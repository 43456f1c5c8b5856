import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResource, CaseResourceReader, Clock, NotFoundError, ResourceEvents, subjectOf } from '@estate/shared-kernel';
import { ClosableAccountKind, ClosableAccounts, ClosableAccountSnapshot } from '../application/ports/closable-accounts.port';
import { InstantTransferSummaries } from '../application/instant-transfer-summaries';
import type { InstantTransferAccount } from '../domain/bank-account';
import { ASSET_CATALOGUE, type ClosureRules } from '../domain/asset-kinds';
import { assetKindDeclaration } from '../resources/asset-kind-declarations';

type Stored = Record<string, unknown> & { id: string; caseId: string; status?: string | null; updatedAt: Date };

/** Where the kind keeps what a closure reads (the catalogue's closure rules), and the declaration its records are told by. */
function closureOf(kind: ClosableAccountKind): { rules: ClosureRules; declaration: CaseResource<any> } {
  return { rules: ASSET_CATALOGUE[kind].closure, declaration: assetKindDeclaration(kind) };
}

/** ClosableAccounts on the unit of work: the records' own mappings (numbers decrypted), moves told as their events. */
@Injectable()
export class OrmClosableAccounts extends ClosableAccounts {
  constructor(
    private readonly em: EntityManager,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
    private readonly summaries: InstantTransferSummaries,
    private readonly clock: Clock,
  ) {
    super();
  }

  async ofCase(caseId: string, kind: ClosableAccountKind, accountId: string): Promise<ClosableAccountSnapshot | null> {
    const { rules: columns, declaration } = closureOf(kind);
    const record = (await this.em.findOne(declaration.schema, { caseId, id: accountId })) as Stored | null;
    if (!record) return null;
    const number = (record[columns.number] as string | null | undefined) ?? null;
    const status = record.status ?? null;
    return {
      kind,
      id: record.id,
      institutionName: record[columns.institution] as string,
      lastFour: number ? number.slice(-4) : null,
      status,
      isEstateAccount: columns.estate?.(record) ?? false,
      closed: status?.trim().toLowerCase() === 'closed',
      statusTracked: columns.statusTracked,
    };
  }

  async moveStatus(caseId: string, kind: ClosableAccountKind, accountId: string, status: string, closedDate?: string): Promise<void> {
    const { rules, declaration: tracked } = closureOf(kind);
    if (!rules.statusTracked) return;
    const record = (await this.em.findOne(tracked.schema, { caseId, id: accountId })) as Stored | null;
    if (!record) throw new NotFoundError(tracked.name);
    const before = this.reader.view(tracked, record as never);
    record.status = status;
    if (closedDate !== undefined && rules.closedDate) record.closedDate = closedDate;
    record.updatedAt = this.clock.now();
    // Contract §8: a bank account's status other than open makes it ineligible; its summary follows in this transaction.
    if (kind === 'bank_account') await this.summaries.derive(record as unknown as InstantTransferAccount);
    await this.em.flush();
    await this.events.changed(this.em, subjectOf(tracked, record), before, this.reader.view(tracked, record as never));
  }
}
