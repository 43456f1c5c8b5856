import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { WaiverStatus } from './case-vocabulary';

/** An heir, beneficiary or other interested person: a plain record, no rules of its own. */
export class Person implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  relationship: string;
  email: string | null;
  phone: string | null;
  isBeneficiary: boolean;
  possibleDispute: boolean;
  isDeceased: boolean;
  waiverStatus: WaiverStatus | null;
}
