import type { ErrorDetail } from '@estate/shared-kernel/domain';
import type { BondStatus, ExecutorRole, IdentityStatus, LettersType } from './case-vocabulary';

/** The dates of past facts on the record (contract-extensions §10.0): none may be after today. */
const PAST_FACT_DATES = ['appointment_date', 'letters_issued_date', 'irs_form_56_filed_date', 'irs_form_56_terminated_date'] as const;

/** §10.5: the letters a court issues to each role, when the client does not say. */
const LETTERS_OF_ROLE: Readonly<Record<ExecutorRole, LettersType>> = {
  executor: 'letters_testamentary',
  administrator: 'letters_of_administration',
  administrator_with_will_annexed: 'letters_of_administration_with_will_annexed',
  special_administrator: 'letters_of_special_administration',
  successor: 'letters_of_administration',
};

/** The fields of the executor's body the rules read, as JSON. */
export interface ExecutorDocument {
  role?: unknown;
  date_of_birth?: unknown;
  appointment_date?: unknown;
  letters_issued_date?: unknown;
  irs_form_56_filed_date?: unknown;
  irs_form_56_terminated_date?: unknown;
  bond_status?: unknown;
  bond_amount?: unknown;
  surety_name?: unknown;
}

const dateOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The executor, the personal representative of the estate (contract-extensions §10.5): one per case. A plain record
 * with rules across its fields and against the deceased's date of death; `identity_status` is not the client's to
 * write: it mirrors the case's newest executor identity verification (§11.7), which another context keeps.
 */
export class Executor {
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  // The properties its rules read and fill; its other fields are declared with its resource.
  role: ExecutorRole;
  lettersType: LettersType | null;
  bondStatus: BondStatus | null;
  isProfessional: boolean | null;
  identityStatus: IdentityStatus;

  /** The letters a role is issued by default. */
  static lettersOf(role: ExecutorRole): LettersType {
    return LETTERS_OF_ROLE[role];
  }

  /** Defaults of fields left unset: the letters of the role, no bond required, not a professional. */
  static fillDefaults(executor: Executor): void {
    executor.lettersType ??= Executor.lettersOf(executor.role);
    executor.bondStatus ??= 'not_required';
    executor.isProfessional ??= false;
    executor.identityStatus ??= 'unverified';
  }

  /**
   * §10.0 and §10.5's rules on a whole document (a `PUT` body or a merged `PATCH`): past facts not after today, letters
   * issued on or after the appointment, the appointment on or after the death (when both are known), Form 56 ended
   * after it was filed, and the bond as its status requires.
   */
  static problems(document: ExecutorDocument, today: string, dateOfDeath: string | null): ErrorDetail[] {
    const problems: ErrorDetail[] = [];
    for (const field of PAST_FACT_DATES) {
      const date = dateOf(document[field]);
      if (date && date > today) problems.push({ field, message: `${field} is a past fact and must not be after today (${today})`, reason: 'rule' });
    }
    const born = dateOf(document.date_of_birth);
    if (born && born > today) problems.push({ field: 'date_of_birth', message: 'date_of_birth must not be in the future', reason: 'rule' });
    const appointed = dateOf(document.appointment_date);
    const issued = dateOf(document.letters_issued_date);
    if (appointed && issued && issued < appointed) {
      problems.push({ field: 'letters_issued_date', message: `letters_issued_date must not be before appointment_date (${appointed})`, reason: 'rule' });
    }
    if (appointed && dateOfDeath && appointed < dateOfDeath) {
      problems.push({ field: 'appointment_date', message: `appointment_date must not be before the deceased's date_of_death (${dateOfDeath})`, reason: 'rule' });
    }
    const filed = dateOf(document.irs_form_56_filed_date);
    const terminated = dateOf(document.irs_form_56_terminated_date);
    if (terminated && !filed) {
      problems.push({ field: 'irs_form_56_terminated_date', message: 'irs_form_56_terminated_date needs irs_form_56_filed_date: Form 56 ends a relationship it opened', reason: 'rule' });
    } else if (terminated && filed && terminated < filed) {
      problems.push({ field: 'irs_form_56_terminated_date', message: `irs_form_56_terminated_date must not be before irs_form_56_filed_date (${filed})`, reason: 'rule' });
    }
    problems.push(...Executor.bondProblems(document));
    return problems;
  }

  /** `posted` needs a positive `bond_amount` and a `surety_name`; `not_required` (the default) and `waived` no amount. */
  private static bondProblems(document: ExecutorDocument): ErrorDetail[] {
    const status = (document.bond_status ?? 'not_required') as BondStatus;
    const amount = typeof document.bond_amount === 'number' ? document.bond_amount : null;
    if (status === 'posted') {
      const problems: ErrorDetail[] = [];
      if (amount === null || amount <= 0) problems.push({ field: 'bond_amount', message: 'a posted bond needs bond_amount greater than 0', reason: 'rule' });
      if (typeof document.surety_name !== 'string' || document.surety_name.trim() === '') {
        problems.push({ field: 'surety_name', message: 'a posted bond needs surety_name', reason: 'rule' });
      }
      return problems;
    }
    if ((status === 'not_required' || status === 'waived') && amount !== null) {
      return [{ field: 'bond_amount', message: `bond_amount must be null while bond_status is ${status}`, reason: 'rule' }];
    }
    return [];
  }
}
