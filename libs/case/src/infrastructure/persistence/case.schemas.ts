import { EntitySchema } from '@mikro-orm/core';
import {
  CalendarDateType,
  caseRecordProperties,
  EncryptedStringType,
  nullableText,
  timestampProperties,
} from '@estate/shared-kernel';
import { Authority } from '../../domain/authority';
import { Deceased } from '../../domain/deceased';
import { EstateCase } from '../../domain/estate-case';
import { Person } from '../../domain/person';

export const EstateCaseSchema = new EntitySchema<EstateCase>({
  class: EstateCase,
  tableName: 'cases',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    organizationId: { type: 'string', fieldName: 'organization_id', length: 26, hidden: true },
    onboardingId: { ...nullableText(), fieldName: 'onboarding_id' },
    queueAssignment: { ...nullableText(), fieldName: 'queue_assignment' },
    flowPosition: { ...nullableText(), fieldName: 'flow_position' },
    estateValue: { ...nullableText(20), fieldName: 'estate_value' },
    progress: { ...nullableText(20) },
    possibleDispute: { ...nullableText(30), fieldName: 'possible_dispute' },
    dateOfSignUp: { type: 'Date', columnType: 'timestamptz(3)', fieldName: 'date_of_sign_up', nullable: true },
    termsAcceptedAt: { type: 'Date', columnType: 'timestamptz(3)', fieldName: 'terms_accepted_at', nullable: true },
    ...timestampProperties(),
    deletedAt: { type: 'Date', columnType: 'timestamptz(3)', fieldName: 'deleted_at', nullable: true, hidden: true },
  },
});

export const DeceasedSchema = new EntitySchema<Deceased>({
  class: Deceased,
  tableName: 'deceased',
  properties: {
    caseId: { type: 'string', primary: true, fieldName: 'case_id', length: 26, hidden: true },
    fullName: { ...nullableText(), fieldName: 'full_name' },
    firstName: { type: 'string', length: 200, fieldName: 'first_name' },
    middleName: { ...nullableText(), fieldName: 'middle_name' },
    lastName: { type: 'string', length: 200, fieldName: 'last_name' },
    dateOfBirth: { type: CalendarDateType, fieldName: 'date_of_birth', nullable: true },
    dateOfDeath: { type: CalendarDateType, fieldName: 'date_of_death' },
    ssn: { type: EncryptedStringType, nullable: true },
    address: { type: 'json', nullable: true },
    email: { ...nullableText() },
    verificationLevel: { ...nullableText(), fieldName: 'verification_level' },
    ...timestampProperties({ hidden: true }),
  },
});

export const AuthoritySchema = new EntitySchema<Authority>({
  class: Authority,
  tableName: 'authorities',
  properties: {
    caseId: { type: 'string', primary: true, fieldName: 'case_id', length: 26, hidden: true },
    level: { type: 'string', length: 20 },
    types: { type: 'string[]', columnType: 'text[]' },
    ...timestampProperties({ hidden: true }),
  },
});

export const PersonSchema = new EntitySchema<Person>({
  class: Person,
  tableName: 'persons',
  properties: {
    ...caseRecordProperties(),
    firstName: { type: 'string', length: 200, fieldName: 'first_name' },
    middleName: { ...nullableText(), fieldName: 'middle_name' },
    lastName: { type: 'string', length: 200, fieldName: 'last_name' },
    suffix: { ...nullableText() },
    relationship: { type: 'string', length: 200 },
    email: { ...nullableText() },
    phone: { ...nullableText(40) },
    isBeneficiary: { type: 'boolean', fieldName: 'is_beneficiary', default: false },
    possibleDispute: { type: 'boolean', fieldName: 'possible_dispute', default: false },
    isDeceased: { type: 'boolean', fieldName: 'is_deceased', default: false },
    waiverStatus: { ...nullableText(30), fieldName: 'waiver_status' },
    ...timestampProperties(),
  },
});

