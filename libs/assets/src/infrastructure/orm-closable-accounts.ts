import { EntitySchema } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CaseResource, CaseResourceReader, Clock, NotFoundError, ResourceEvents, subjectOf } from '@estate/shared-kernel';
import { ClosableAccountKind, ClosableAccounts, ClosableAccountSnapshot } from '../application/ports/closable-accounts.port';
import { InstantTransferSummaries } from '../application/instant-transfer-summaries';
import type { InstantTransferAccount } from '../domain/bank-account';
import { bankAccountResource } from '../resources/bank-account.resource';
import { financialAccountResource } from '../resources/financial-account.resource';
import { investmentAccountResource } from '../resources/investment-account.resource';
import { lifeInsurancePolicyResource } from '../resources/life-insurance-policy.resource';
import { retirementAccountResource } from '../resources/retirement-account.resource';

type Stored = Record<string, unknown> & { id: string; caseId: string; status?: string | null; updatedAt: Date };

/** Where each kind keeps what a closure reads: the institution's name, the number, and whether it is the estate's. */
interface KindColumns {
  schema: EntitySchema<any>;
  institution: string;
  number: string;
  estate?: (record: Stored) => boolean;
  /** Bank and financial accounts: the declaration a status move is told by (its `{key}.updated`). */
  tracked?: CaseResource<any>;
  /** The kind has a `closed_date`. */
  closedDate?: boolean;
}

const KINDS: Readonly<Record<ClosableAccountKind, KindColumns>> = {
  bank_account: {
    schema: bankAccountResource.schema,
    institution: 'institutionName',
    number: 'accountNumber',
    // The estate account is flagged; an account typed estate_account is one too (as the eligibility policy reads it).
    estate: (record) => record.isEstateAccount === true || record.accountType === 'estate_account',
    tracked: bankAccountResource,
    closedDate: true,
  },
  financial_account: {
    schema: financialAccountResource.schema,
    institution: 'institutionName',
    number: 'accountNumber',
    // Held by the estate itself: where the proceeds go, not an account of the deceased to close.
    estate: (record) => record.ownershipType === 'estate',
    tracked: financialAccountResource,
  },
  investment_account: { schema: investmentAccountResource.schema, institution: 'custodianName', number: 'accountNumber' },
  retirement_account: { schema: retirementAccountResource.schema, institution: 'custodianName', number: 'accountNumber' },
  life_insurance_policy: { schema: lifeInsurancePolicyResource.schema, institution: 'carrierName', number: 'policyNumber' },
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
      statusTracked: columns.tracked !== undefined,
    };
  }

  async moveStatus(caseId: string, kind: ClosableAccountKind, accountId: string, status: string, closedDate?: string): Promise<void> {
    const { schema, tracked, closedDate: hasClosedDate } = KINDS[kind];
    if (!tracked) return;
    const record = (await this.em.findOne(schema, { caseId, id: accountId })) as Stored | null;
    if (!record) throw new NotFoundError(tracked.name);
    const before = this.reader.view(tracked, record as never);
    record.status = status;
    if (closedDate !== undefined && hasClosedDate) record.closedDate = closedDate;
    record.updatedAt = this.clock.now();
    // Contract §8: a bank account's status other than open makes it ineligible; its summary follows in this transaction.
    if (kind === 'bank_account') await this.summaries.derive(record as unknown as InstantTransferAccount);
    await this.em.flush();
    await this.events.changed(this.em, subjectOf(tracked, record), before, this.reader.view(tracked, record as never));
  }
}
