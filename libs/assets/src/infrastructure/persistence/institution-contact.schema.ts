import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { InstitutionContact } from '../../domain/institution-contact';

export const InstitutionContactSchema = new EntitySchema<InstitutionContact>({
  class: InstitutionContact,
  tableName: 'institution_contacts',
  properties: {
    ...caseRecordProperties(),
    financialAccountId: { ...nullableText(), fieldName: 'financial_account_id' },
    institutionName: { type: 'string', length: 200, fieldName: 'institution_name' },
    departmentName: { ...nullableText(), fieldName: 'department_name' },
    isDefaultContact: { type: 'boolean', fieldName: 'is_default_contact', default: false },
    accountTypes: { type: 'string[]', columnType: 'text[]', fieldName: 'account_types' },
    debtSubtypes: { type: 'string[]', columnType: 'text[]', fieldName: 'debt_subtypes', default: [] as string[] },
    contactMethods: { type: 'json', fieldName: 'contact_methods', nullable: true },
    contactPerson: { ...nullableText(), fieldName: 'contact_person' },
    contactTitle: { ...nullableText(), fieldName: 'contact_title' },
    referenceNumber: { ...nullableText(), fieldName: 'reference_number' },
    notes: { type: 'text', nullable: true },
    lastContacted: { type: 'Date', columnType: 'timestamptz(3)', fieldName: 'last_contacted', nullable: true },
    ...timestampProperties(),
  },
});
