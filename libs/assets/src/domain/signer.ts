import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { SignerRole } from './bank-account-vocabulary';

/** A person on a bank account (contract §11.3): a plain record below its account. */
export class Signer implements CaseRecord {
  id: string;
  caseId: string;
  bankAccountId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  name: string;
  role: SignerRole;
  isDeceased: boolean;
  personId: string | null;
  email: string | null;
  phone: string | null;
  addedDate: string | null;
  notes: string | null;
}
