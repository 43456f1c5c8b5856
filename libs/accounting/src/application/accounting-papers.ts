import { Injectable } from '@nestjs/common';
import { CaseAccountParties, type ExecutorContact } from '@estate/case';
import { ProbateAccountRecordsReader, type ProbateAttorney } from '@estate/court';
import { type AccountingPaper, NO_PAPER, type PaperParty } from './ports/accounting-pdf.port';

type Address = NonNullable<ExecutorContact['address']>;

const addressLines = (address: Address | null): string[] =>
  address ? [address.address1, ...(address.address2 ? [address.address2] : []), `${address.city}, ${address.state} ${address.zip}`] : [];

/**
 * What an accounting's PDF names beside the account (contract-extensions §16.10): the attorney of record, or else the
 * executor in pro per; the hearing; the state by name and its account statute. Read when the PDF is asked for, from
 * the court's probate case and the case's executor, through their ports.
 */
@Injectable()
export class AccountingPapers {
  constructor(
    private readonly probate: ProbateAccountRecordsReader,
    private readonly parties: CaseAccountParties,
  ) {}

  async of(caseId: string): Promise<AccountingPaper> {
    const facts = await this.probate.paperOf(caseId);
    const { executor } = await this.parties.partiesOf(caseId);
    const contact = executor ? await this.parties.executorContactOf(caseId) : null;
    const fiduciary: PaperParty | null = executor && {
      name: [executor.firstName, executor.middleName, executor.lastName, executor.suffix].filter(Boolean).join(' '),
      barNumber: null,
      firm: null,
      addressLines: addressLines(contact?.address ?? null),
      phone: contact?.phone ?? null,
      email: contact?.email ?? null,
    };
    const placeOfExecution = contact?.address ? `${contact.address.city}, ${this.probate.stateName(contact.address.state) ?? contact.address.state}` : null;
    if (!facts) return { ...NO_PAPER, fiduciary, placeOfExecution };
    return {
      stateName: facts.stateName,
      attorney: attorneyOf(facts.attorney),
      fiduciary,
      placeOfExecution,
      hearing: { date: facts.hearingDate, time: facts.hearingTime, department: facts.hearingDepartment },
      accountStatute: facts.accountStatute,
    };
  }
}

/** An attorney is of record once named; a block of only an e-mail address is not a party. */
function attorneyOf(attorney: ProbateAttorney | null): PaperParty | null {
  if (!attorney?.name) return null;
  return { name: attorney.name, barNumber: attorney.barNumber, firm: attorney.firm, addressLines: addressLines(attorney.address), phone: attorney.phone, email: attorney.email };
}
