import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, EncryptedStringType, moneyColumn, nullableText, timestampProperties } from '@estate/shared-kernel';
import { EstateCase } from '../../domain/estate-case';
import { Executor } from '../../domain/executor';

export const EstateCaseSchema = new EntitySchema<EstateCase>({
  class: EstateCase,
  tableName: 'cases',
  properties: {
    id: { type: 'string', primary: true, length: 26 },
    organizationId: { type: 'string', length: 26, hidden: true },
    onboardingId: { ...nullableText() },
    queueAssignment: { ...nullableText() },
    flowPosition: { ...nullableText() },
    estateValue: { ...nullableText(20) },
    progress: { ...nullableText(20) },
    possibleDispute: { ...nullableText(30) },
    dateOfSignUp: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    termsAcceptedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    ...timestampProperties(),
    deletedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true, hidden: true },
  },
});

/** Contract-extensions §10.5: the executor, one per case; `identity_status` is kept by the identity verifications. */
export const ExecutorSchema = new EntitySchema<Executor>({
  class: Executor,
  tableName: 'executors',
  properties: {
    caseId: { type: 'string', primary: true, length: 26, hidden: true },
    firstName: { type: 'string', length: 200 },
    middleName: { ...nullableText() },
    lastName: { type: 'string', length: 200 },
    suffix: { ...nullableText(20) },
    email: { ...nullableText() },
    phone: { ...nullableText(40) },
    dateOfBirth: { type: CalendarDateType, nullable: true },
    ssn: { type: EncryptedStringType, nullable: true },
    address: { type: 'json', nullable: true },
    relationshipToDeceased: { ...nullableText(30) },
    personId: { ...nullableText(26) },
    role: { type: 'string', length: 40 },
    isProfessional: { type: 'boolean', default: false },
    firmName: { ...nullableText() },
    appointmentDate: { type: CalendarDateType, nullable: true },
    lettersType: { type: 'string', length: 60 },
    lettersIssuedDate: { type: CalendarDateType, nullable: true },
    lettersDocumentId: { ...nullableText(26) },
    bondStatus: { type: 'string', length: 20 },
    bondAmount: moneyColumn(),
    suretyName: { ...nullableText() },
    bondNumber: { ...nullableText(100) },
    irsForm56FiledDate: { type: CalendarDateType, nullable: true, fieldName: 'irs_form_56_filed_date' },
    irsForm56TerminatedDate: { type: CalendarDateType, nullable: true, fieldName: 'irs_form_56_terminated_date' },
    identityStatus: { type: 'string', length: 20 },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
