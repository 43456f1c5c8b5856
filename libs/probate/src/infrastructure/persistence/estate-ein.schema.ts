import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, EncryptedStringType, nullableText, timestampProperties } from '@estate/shared-kernel';
import { EstateEin } from '../../domain/estate-ein';

/** Contract-extensions §10.6: one row per case, keyed by it; `ein` is the field cipher's ciphertext. */
export const EstateEinSchema = new EntitySchema<EstateEin>({
  class: EstateEin,
  tableName: 'estate_eins',
  properties: {
    caseId: { type: 'string', primary: true, length: 26, hidden: true },
    legalName: { ...nullableText() },
    careOfName: { ...nullableText() },
    mailingAddress: { type: 'json', nullable: true },
    principalCounty: { ...nullableText(100) },
    principalState: { ...nullableText(2) },
    responsiblePartyName: { ...nullableText() },
    responsiblePartySsnLast4: { ...nullableText(4), fieldName: 'responsible_party_ssn_last4' },
    decedentSsnLast4: { ...nullableText(4), fieldName: 'decedent_ssn_last4' },
    entityType: { type: 'string', length: 20 },
    reasonForApplying: { ...nullableText(30) },
    reasonDetail: { ...nullableText(500) },
    dateStarted: { type: CalendarDateType, nullable: true },
    closingMonth: { type: 'integer', nullable: true },
    appliedVia: { ...nullableText(10) },
    requestedDate: { type: CalendarDateType, nullable: true },
    ein: { type: EncryptedStringType, nullable: true },
    assignedDate: { type: CalendarDateType, nullable: true },
    confirmationDocumentId: { ...nullableText(26) },
    status: { type: 'string', length: 20 },
    notes: { type: 'text', nullable: true },
    ...timestampProperties(),
  },
});
