import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { InstitutionContacts, InstitutionContactSnapshot } from '../application/ports/institution-contacts.port';
import { institutionContactResource } from '../resources/institution-contact.resource';

/** The InstitutionContacts port on MikroORM, in the caller's transaction. */
@Injectable()
export class OrmInstitutionContacts extends InstitutionContacts {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ofCase(caseId: string, contactId: string): Promise<InstitutionContactSnapshot | null> {
    const contact = await this.em.findOne(institutionContactResource.schema, { caseId, id: contactId });
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
