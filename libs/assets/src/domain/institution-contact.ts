import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { HandledAccountType } from './institution-contact-vocabulary';

/** The specification's address object as stored inside a record. */
export interface StoredAddress {
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** How to reach a department of an institution (specification, Institution contact `contact_methods`). */
export interface ContactMethods {
  phone?: string | null;
  phone_hours?: string | null;
  phone_extension?: string | null;
  fax?: string | null;
  email?: string | null;
  mailing_address?: StoredAddress | null;
  website?: string | null;
}

/** A department-level contact at a financial institution, routed by the account types it handles: plain data. */
export class InstitutionContact implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  financialAccountId: string | null;
  institutionName: string;
  departmentName: string | null;
  isDefaultContact: boolean;
  accountTypes: HandledAccountType[];
  debtSubtypes: string[];
  contactMethods: ContactMethods | null;
  contactPerson: string | null;
  contactTitle: string | null;
  referenceNumber: string | null;
  notes: string | null;
  lastContacted: Date | null;
}
