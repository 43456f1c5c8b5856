import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { InstitutionContact } from '../../domain/institution-contact';

export const InstitutionContactSchema = new EntitySchema<InstitutionContact>({
  class: InstitutionContact,
  tableName: 'institution_contacts',
  properties: {
    ...caseRecordProperties(),
    financialAccountId: { ...nullableText() },
    institutionName: { type: 'string', length: 200 },
    departmentName: { ...nullableText() },
    isDefaultContact: { type: 'boolean', default: false },
    accountTypes: { type: 'string[]', columnType: 'text[]' },
    debtSubtypes: { type: 'string[]', columnType: 'text[]', default: [] as string[] },
    contactMethods: { type: 'json', nullable: true },
    contactPerson: { ...nullableText() },
    contactTitle: { ...nullableText() },
    referenceNumber: { ...nullableText() },
    notes: { type: 'text', nullable: true },
    lastContacted: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    ...timestampProperties(),
  },
});
