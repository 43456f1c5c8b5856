import { einPrefixProblems, type ErrorDetail, pastFactDateProblems } from '@estate/shared-kernel/domain';

export const EIN_REASONS = ['banking_purpose', 'other'] as const;
export const EIN_APPLIED_VIA = ['online', 'fax', 'mail'] as const;
export const EIN_STATUSES = ['requested', 'assigned'] as const;

/** The people an EIN application names by default: the deceased and the executor of the case. */
export interface EstateParties {
  deceased: { fullName: string; ssn: string | null; dateOfDeath: string | null } | null;
  executor: { fullName: string; ssn: string | null } | null;
  /** Where the probate case is (its state and county): the principal place of business by default. */
  probate?: { state: string; countyName: string | null } | null;
}

/** The last four digits of an SSN, or `null` (the full number stays on the executor or the deceased). */
function lastFour(ssn: string | null | undefined): string | null {
  const digits = (ssn ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/**
 * The estate's EIN (contract-extensions §10.6): the Form SS-4 application and the number the IRS assigns, one per
 * case. `ein` is stored encrypted and always returned masked; `status` follows it (`requested` until it is set).
 */
export class EstateEin {
  caseId: string;
  // The properties its rules read and fill; its other fields are declared with its resource.
  legalName: string | null;
  careOfName: string | null;
  principalCounty: string | null;
  principalState: string | null;
  responsiblePartyName: string | null;
  responsiblePartySsnLast4: string | null;
  decedentSsnLast4: string | null;
  entityType: 'estate';
  reasonForApplying: (typeof EIN_REASONS)[number] | null;
  dateStarted: string | null;
  closingMonth: number | null;
  ein: string | null;
  assignedDate: string | null;
  status: (typeof EIN_STATUSES)[number];
  createdAt: Date;
  updatedAt: Date;
  version: number;

  /**
   * §10.6 on a whole document (a `PUT` body or a merged `PATCH`): `mailing_address` unless `ein` is sent; an `ein` with
   * a prefix the IRS issues; `assigned_date`, a past fact, not after today (§10.0).
   */
  static problems(document: Record<string, unknown>, today: string): ErrorDetail[] {
    const problems: ErrorDetail[] = [];
    const ein = typeof document.ein === 'string' ? document.ein : null;
    if (document.mailing_address == null && ein === null) {
      problems.push({ field: 'mailing_address', message: 'mailing_address is required unless ein is sent', reason: 'required' });
    }
    // The prefix rule is the kernel's, shared with a business's EIN (§12.6).
    problems.push(...einPrefixProblems(document));
    problems.push(...pastFactDateProblems(document, ['assigned_date'], today));
    return problems;
  }

  /**
   * The defaults and computed fields: the estate's name, the executor as care-of line and responsible party, the last
   * four digits of both SSNs, the date of death as start date, December as closing month, `banking_purpose`, the
   * constant `estate`, and the status (with `assigned_date` today once the EIN is set without one).
   */
  static derive(ein: EstateEin, parties: EstateParties, today: string): void {
    const { deceased, executor } = parties;
    ein.legalName ??= deceased ? `Estate of ${deceased.fullName}` : null;
    ein.careOfName ??= executor ? `${executor.fullName}, Executor` : null;
    ein.responsiblePartyName ??= executor?.fullName ?? null;
    ein.responsiblePartySsnLast4 = lastFour(executor?.ssn);
    ein.decedentSsnLast4 = lastFour(deceased?.ssn);
    ein.dateStarted ??= deceased?.dateOfDeath ?? null;
    ein.closingMonth ??= 12;
    ein.reasonForApplying ??= 'banking_purpose';
    ein.entityType = 'estate';
    ein.principalCounty ??= parties.probate?.countyName ?? null;
    ein.principalState ??= parties.probate?.state ?? null;
    if (ein.ein) ein.assignedDate ??= today;
    ein.status = ein.ein ? 'assigned' : 'requested';
  }
}
