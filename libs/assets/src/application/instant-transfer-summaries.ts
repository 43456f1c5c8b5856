import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResourceReader, Clock, ResourceEvents, subjectOf } from '@estate/shared-kernel';
import { CaseAuthorityLevels } from '@estate/case';
import { BankAccount } from '../domain/bank-account';
import { decideInstantTransferEligibility } from '../domain/instant-transfer-eligibility';
import { BankAccountSchema } from '../infrastructure/persistence/bank-account.schema';
import { bankAccountResource } from '../resources/bank-account.resource';

/**
 * Keeps each bank account's stored `instant_transfer` summary equal to the eligibility policy's decision (contract
 * §8): on every write of the account (the declaration's `derive`) and, for every account of the case, when the case's
 * authority changes (`AuthorityChanges`, inside the changing transaction). Runs in the caller's transaction.
 */
@Injectable()
export class InstantTransferSummaries {
  constructor(
    private readonly em: EntityManager,
    private readonly levels: CaseAuthorityLevels,
    private readonly clock: Clock,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
  ) {}

  /** Before an account is saved: the decision for the account as it will be stored. */
  async refresh(account: BankAccount): Promise<void> {
    const level = await this.levels.levelOf(account.caseId);
    const decision = decideInstantTransferEligibility(account, level);
    const unchanged =
      account.instantTransferEvaluatedAt !== undefined &&
      account.updatedAt.getTime() <= account.instantTransferEvaluatedAt.getTime() &&
      account.instantTransferEligibility === decision.eligibility &&
      account.instantTransferMaxAmount === decision.maxTransferAmount;
    // A patch that changed nothing leaves the record (and its ETag) as it was.
    if (unchanged) return;
    this.apply(account, decision.eligibility, decision.maxTransferAmount);
  }

  /** The case's authority is now `level`: every account of the case is evaluated again, in the same transaction. */
  async refreshCase(caseId: string, level: string | null): Promise<void> {
    const accounts = await this.em.find(BankAccountSchema, { caseId });
    const before = accounts.map((account) => this.reader.view(bankAccountResource, account));
    for (const account of accounts) {
      const decision = decideInstantTransferEligibility(account, level);
      this.apply(account, decision.eligibility, decision.maxTransferAmount);
    }
    if (accounts.length === 0) return;
    await this.em.flush();
    // Each account whose summary moved is told as bank_account.updated, in the authority change's transaction.
    for (const [index, account] of accounts.entries()) {
      await this.events.changed(this.em, subjectOf(bankAccountResource, account), before[index], this.reader.view(bankAccountResource, account));
    }
  }

  private apply(account: BankAccount, eligibility: BankAccount['instantTransferEligibility'], maxTransferAmount: number): void {
    account.instantTransferEligibility = eligibility;
    account.instantTransferMaxAmount = maxTransferAmount;
    account.instantTransferEvaluatedAt = this.clock.now();
  }
}
