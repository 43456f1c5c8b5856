import { EntitySchema } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResourceReader, Clock, NotFoundError, ResourceEvents, subjectOf } from '@estate/shared-kernel';
import { ClosableAccountKind, ClosableAccounts, ClosableAccountSnapshot } from '../application/ports/closable-accounts.port';
import { InstantTransferSummaries } from '../application/instant-transfer-summaries';
import { bankAccountResource } from '../resources/bank-account.resource';
import { BankAccountSchema } from './persistence/bank-account.schema';
import { InvestmentAccountSchema } from './persistence/investment-account.schema';
import { LifeInsurancePolicySchema } from './persistence/life-insurance-policy.schema';
import { RetirementAccountSchema } from './persistence/retirement-account.schema';

type Stored = Record<string, unknown> & { id: string; status?: string | null };

/** Where each kind keeps what a closure reads: the institution's name, the number, and whether it is the estate's. */
interface KindColumns {
  schema: EntitySchema<any>;
  institution: string;
  number: string;
  estate?: (record: Stored) => boolean;
  tracked: boolean;
}

const KINDS: Partial<Record<ClosableAccountKind, KindColumns>> = {
  bank_account: {
    schema: BankAccountSchema,
    institution: 'institutionName',
    number: 'accountNumber',
    // The estate account is flagged; an account typed estate_account is one too (as the eligibility policy reads it).
    estate: (record) => record.isEstateAccount === true || record.accountType === 'estate_account',
    tracked: true,
  },
  investment_account: { schema: InvestmentAccountSchema, institution: 'custodianName', number: 'accountNumber', tracked: false },
  retirement_account: { schema: RetirementAccountSchema, institution: 'custodianName', number: 'accountNumber', tracked: false },
  life_insurance_policy: { schema: LifeInsurancePolicySchema, institution: 'carrierName', number: 'policyNumber', tracked: false },
};

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
    const columns = KINDS[kind];
    if (!columns) return null;
    const record = (await this.em.findOne(columns.schema, { caseId, id: accountId })) as Stored | null;
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
      statusTracked: columns.tracked,
    };
  }

  async moveStatus(caseId: string, kind: ClosableAccountKind, accountId: string, status: string, closedDate?: string): Promise<void> {
    if (kind !== 'bank_account') return;
    const account = await this.em.findOne(BankAccountSchema, { caseId, id: accountId });
    if (!account) throw new NotFoundError('bank account');
    const before = this.reader.view(bankAccountResource, account);
    account.status = status as typeof account.status;
    if (closedDate !== undefined) account.closedDate = closedDate;
    account.updatedAt = this.clock.now();
    // Contract §8: a status other than open makes the account ineligible; the stored summary follows in this transaction.
    await this.summaries.derive(account);
    await this.em.flush();
    await this.events.changed(this.em, subjectOf(bankAccountResource, account), before, this.reader.view(bankAccountResource, account));
  }
}
