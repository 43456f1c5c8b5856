/**
 * Whether the institution contacts that sub-tasks name belong to the case (contract §3.1: a `*_contact_id` names an
 * institution contact of the same case, or is null; else 422). Institution contacts live in the assets context; the
 * adapter asks the kernel's declaration of them, so closing does not import assets' internals.
 */
export abstract class SubTaskContacts {
  /** Throws `422 validation_error` naming `{prefix}[i].institution_contact_id` for each id that is not of the case. */
  abstract assertOfCase(caseId: string, items: ReadonlyArray<{ institution_contact_id?: string | null }>, prefix: string): Promise<void>;

  /** When a contact is deleted, the sub-tasks naming it name nothing (as the kernel does for declared references). */
  abstract release(caseId: string, contactId: string): Promise<void>;
}
