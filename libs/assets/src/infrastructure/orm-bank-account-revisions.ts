import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResourceReader, ResourceEvents, subjectOf } from '@estate/shared-kernel';
import { BankAccountRevisions } from '../application/ports/bank-account-revisions.port';
import type { InstantTransferAccount } from '../domain/bank-account';
import { bankAccountResource } from '../resources/bank-account.resource';

/** BankAccountRevisions on the unit of work: views before and after through the declaration, one flush. */
@Injectable()
export class OrmBankAccountRevisions extends BankAccountRevisions {
  constructor(
    private readonly em: EntityManager,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
  ) {
    super();
  }

  async reviseEveryAccountOf(caseId: string, revise: (account: InstantTransferAccount) => void): Promise<void> {
    const accounts = await this.em.find(bankAccountResource.schema, { caseId });
    const before = accounts.map((account) => this.reader.view(bankAccountResource, account));
    for (const account of accounts) revise(account);
    if (accounts.length === 0) return;
    await this.em.flush();
    for (const [index, account] of accounts.entries()) {
      await this.events.changed(this.em, subjectOf(bankAccountResource, account), before[index], this.reader.view(bankAccountResource, account));
    }
  }
}
