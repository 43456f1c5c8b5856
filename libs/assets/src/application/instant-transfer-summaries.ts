import { Injectable } from '@nestjs/common';
import { Clock, RecordDerivation } from '@estate/shared-kernel';
import { CaseAuthorityLevels } from '@estate/case';
import type { InstantTransferAccount } from '../domain/bank-account';
import { decideInstantTransferEligibility, EligibilityFacts, IneligibilityReason } from '../domain/instant-transfer-eligibility';
import { BankAccountRevisions } from './ports/bank-account-revisions.port';

/**
 * Keeps each bank account's stored `instant_transfer` summary equal to the eligibility policy's decision (contract
 * §8): on every write of the account (the declaration's `derivedBy`) and, for every account of the case, when the case's
 * authority changes (`AuthorityChanges`, inside the changing transaction). Runs in the caller's transaction.
 */
@Injectable()
export class InstantTransferSummaries implements RecordDerivation<InstantTransferAccount> {
  constructor(
    private readonly levels: CaseAuthorityLevels,
    private readonly clock: Clock,
    private readonly accounts: BankAccountRevisions,
  ) {}

  /** Before an account is saved: the decision for the account as it will be stored. */
  async derive(account: InstantTransferAccount): Promise<void> {
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

  /** Why the policy refuses the account today (no reasons when it is eligible), with the authority level it read. */
  async explain(account: EligibilityFacts & { caseId: string }): Promise<{ reasons: IneligibilityReason[]; authorityLevel: string | null }> {
    const authorityLevel = await this.levels.levelOf(account.caseId);
    return { reasons: decideInstantTransferEligibility(account, authorityLevel).reasons, authorityLevel };
  }

  /**
   * The case's authority is now `level`: every account of the case is evaluated again, in the same transaction; each
   * account whose summary moved is told as bank_account.updated.
   */
  async refreshCase(caseId: string, level: string | null): Promise<void> {
    await this.accounts.reviseEveryAccountOf(caseId, (account) => {
      const decision = decideInstantTransferEligibility(account, level);
      this.apply(account, decision.eligibility, decision.maxTransferAmount);
    });
  }

  private apply(account: InstantTransferAccount, eligibility: InstantTransferAccount['instantTransferEligibility'], maxTransferAmount: number): void {
    account.instantTransferEligibility = eligibility;
    account.instantTransferMaxAmount = maxTransferAmount;
    account.instantTransferEvaluatedAt = this.clock.now();
  }
}
