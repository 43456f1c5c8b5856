import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Fax } from '../../domain/fax';
import { emailResource } from '../../resources/email.resource';
import { phoneCallResource } from '../../resources/phone-call.resource';

const longText = () => ({ type: 'text', nullable: true }) as const;
const instant = (hidden = false) => ({ type: 'Date', columnType: 'timestamptz(3)', nullable: true, hidden }) as const;

export const FaxSchema = new EntitySchema<Fax>({
  class: Fax,
  tableName: 'faxes',
  properties: {
    ...caseRecordProperties(),
    toNumber: { type: 'string', length: 16 },
    fromNumber: { type: 'string', length: 16 },
    institutionContactId: { ...nullableText(26) },
    documentIds: { type: 'json' },
    coverPage: { type: 'boolean', default: true },
    coverPageNote: longText(),
    status: { type: 'string', length: 20, default: 'queued' },
    pages: { type: 'integer' },
    pagesSent: { type: 'integer', default: 0 },
    failureReason: { ...nullableText(30) },
    confirmationNumber: { ...nullableText(100) },
    providerFaxId: { ...nullableText(200) },
    queuedAt: { type: 'Date', columnType: 'timestamptz(3)' },
    sendingAt: instant(),
    deliveredAt: instant(),
    failedAt: instant(),
    sentBy: { type: 'string', length: 200 },
    notes: longText(),
    // The processor's bookkeeping (contract-extensions §11.4), kept out of the fax's view.
    nextCheckAt: instant(true),
    providerAttempts: { type: 'integer', default: 0, hidden: true },
    ...timestampProperties(),
  },
});

