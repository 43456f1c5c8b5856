import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResourceReader, NotFoundError, ResourceEvents, subjectOf } from '@estate/shared-kernel';
import { BankAccount, bankAccountResource } from '../resources/bank-account.resource';
import { AccountBalances, BankAccountSnapshot, BankAccounts, IneligibilityExplanation } from '../application/bank-accounts.port';
import { InstantTransferSummaries } from '../application/instant-transfer-summaries';
import { instantTransferSummaryOf } from '../domain/bank-account';

function snapshotOf(account: BankAccount): BankAccountSnapshot {
  return {
    id: account.id,
    caseId: account.caseId,
    institutionName: account.institutionName,
    institutionRoutingNumber: account.institutionRoutingNumber ?? null,
    accountType: account.accountType,
    accountNumber: account.accountNumber,
    ownershipType: account.ownershipType,
    status: account.status,
    currentBalance: account.currentBalance ?? null,
    availableBalance: account.availableBalance ?? null,
    currency: account.currency,
    isEstateAccount: account.isEstateAccount,
    closureMethod: account.closureMethod ?? null,
    instantTransfer: instantTransferSummaryOf(account),
  };
}

/** The BankAccounts port on MikroORM: the caller's transaction, the records' own mapping (decryption included). */
@Injectable()
export class OrmBankAccounts extends BankAccounts {
  constructor(
    private readonly em: EntityManager,
    private readonly reader: CaseResourceReader,
    private readonly events: ResourceEvents,
    private readonly summaries: InstantTransferSummaries,
  ) {
    super();
  }

  async ofCase(caseId: string, accountId: string, options: { lock?: boolean } = {}): Promise<BankAccountSnapshot | null> {
    if (options.lock) await this.em.execute('select id from bank_accounts where case_id = ? and id = ? for update', [caseId, accountId]);
    const account = await this.em.findOne(bankAccountResource.schema, { caseId, id: accountId }, { refresh: options.lock === true });
    return account ? snapshotOf(account) : null;
  }

  async estateAccountOf(caseId: string): Promise<BankAccountSnapshot | null> {
    const account = await this.em.findOne(bankAccountResource.schema, { caseId, isEstateAccount: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return account ? snapshotOf(account) : null;
  }

  async estateAccountsOf(caseId: string, options: { lock?: boolean } = {}): Promise<BankAccountSnapshot[]> {
    if (options.lock) await this.em.execute('select id from bank_accounts where case_id = ? and is_estate_account order by id for update', [caseId]);
    const accounts = await this.em.find(bankAccountResource.schema, { caseId, isEstateAccount: true }, { orderBy: { id: 'asc' }, refresh: options.lock === true });
    return accounts.map(snapshotOf);
  }

  ineligibilityOf(account: BankAccountSnapshot): Promise<IneligibilityExplanation> {
    return this.summaries.explain(account);
  }

  async setActiveTransfer(caseId: string, accountId: string, transferId: string | null): Promise<void> {
    await this.change(caseId, accountId, (account) => {
      account.instantTransferActiveTransferId = transferId;
    });
  }

  async recordSettledTransfer(caseId: string, accountId: string, amount: number): Promise<void> {
    await this.change(caseId, accountId, (account) => {
      // Cents, so that repeated settlements never drift.
      account.instantTransferTransferredAmount = (Math.round(account.instantTransferTransferredAmount * 100) + Math.round(amount * 100)) / 100;
      account.closureMethod = 'instant_transfer';
    });
  }

  async adjustBalances(caseId: string, accountId: string, delta: number, availableDelta: number = delta): Promise<AccountBalances> {
    const moved = (balance: number | null | undefined, by: number, account: BankAccount): number | null => {
      // Cents, so that repeated moves never drift. An estate account's ledger is complete: unset means nothing yet.
      const start = balance ?? (account.isEstateAccount ? 0 : null);
      return start === null ? null : (Math.round(start * 100) + Math.round(by * 100)) / 100;
    };
    let after: AccountBalances = { currentBalance: null, availableBalance: null };
    await this.change(caseId, accountId, (account) => {
      if (delta !== 0) account.currentBalance = moved(account.currentBalance, delta, account);
      if (availableDelta !== 0) account.availableBalance = moved(account.availableBalance, availableDelta, account);
      after = { currentBalance: account.currentBalance ?? null, availableBalance: account.availableBalance ?? null };
    });
    return after;
  }

  /** A change made for another context (a transfer) is told as bank_account.updated, like one made through the API. */
  private async change(caseId: string, accountId: string, move: (account: BankAccount) => void): Promise<void> {
    const account = await this.load(caseId, accountId);
    const before = this.reader.view(bankAccountResource, account);
    move(account);
    // Balances and the transferred amount feed max_transfer_amount: the stored summary follows them in this transaction.
    await this.summaries.derive(account);
    await this.em.flush();
    await this.events.changed(this.em, subjectOf(bankAccountResource, account), before, this.reader.view(bankAccountResource, account));
  }

  private async load(caseId: string, accountId: string): Promise<BankAccount> {
    const account = await this.em.findOne(bankAccountResource.schema, { caseId, id: accountId });
    if (!account) throw new NotFoundError('bank account');
    return account;
  }
}
