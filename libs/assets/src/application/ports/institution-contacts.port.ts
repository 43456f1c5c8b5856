import type { ContactMethods } from '../../domain/institution-contact';

/** An institution contact as another context reads it (comms copies its fax number onto a fax). */
export interface InstitutionContactSnapshot {
  id: string;
  caseId: string;
  institutionName: string;
  departmentName: string | null;
  contactMethods: ContactMethods | null;
}

/**
 * Port: the case's institution contacts as other contexts read them (issue 17, "contexts meet through ports"). Reads
 * run in the caller's transaction.
 */
export abstract class InstitutionContacts {
  /** A contact of the case, or null when the case has no such contact. */
  abstract ofCase(caseId: string, contactId: string): Promise<InstitutionContactSnapshot | null>;
}
