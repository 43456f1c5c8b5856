import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { findRecords } from '@estate/shared-kernel';
import { InstitutionContacts, InstitutionContactSnapshot } from '../application/ports/institution-contacts.port';
import { institutionContactResource } from '../resources/institution-contact.resource';

/** The InstitutionContacts port: the contact's fields through its declaration's statement, in the caller's transaction. */
@Injectable()
export class OrmInstitutionContacts extends InstitutionContacts {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ofCase(caseId: string, contactId: string): Promise<InstitutionContactSnapshot | null> {
    const [contact] = await findRecords(this.em, institutionContactResource.schema, [{ caseId, id: contactId }]);
    if (!contact) return null;
    return {
      id: contact.id,
      caseId: contact.caseId,
      institutionName: contact.institutionName,
      departmentName: contact.departmentName ?? null,
      contactMethods: contact.contactMethods ?? null,
    };
  }
}
