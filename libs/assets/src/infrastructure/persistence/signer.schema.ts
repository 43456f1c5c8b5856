import { EntitySchema } from '@mikro-orm/core';
import { CalendarDateType, caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Signer } from '../../domain/signer';

export const SignerSchema = new EntitySchema<Signer>({
  class: Signer,
  tableName: 'signers',
  properties: {
    ...caseRecordProperties(),
    // Contract §11.3 lists `bank_account_id` among the fields: shown, read-only (the route names the account).
    bankAccountId: { type: 'string', length: 26 },
    name: { type: 'string', length: 200 },
    role: { type: 'string', length: 30 },
    isDeceased: { type: 'boolean', default: false },
    personId: nullableText(26),
    email: nullableText(),
    phone: nullableText(40),
    addedDate: { type: CalendarDateType, nullable: true },
    notes: nullableText(10_000),
    ...timestampProperties(),
  },
});
