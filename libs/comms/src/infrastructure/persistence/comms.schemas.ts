import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Email } from '../../domain/email';
import { Fax } from '../../domain/fax';
import { PhoneCall } from '../../domain/phone-call';

const longText = () => ({ type: 'text', nullable: true }) as const;
const instant = (hidden = false) => ({ type: 'Date', columnType: 'timestamptz(3)', nullable: true, hidden }) as const;

export const PhoneCallSchema = new EntitySchema<PhoneCall>({
  class: PhoneCall,
  tableName: 'phone_calls',
  properties: {
    ...caseRecordProperties(),
    institutionContactId: { ...nullableText(26) },
    toNumber: { type: 'string', length: 40 },
    fromNumber: { type: 'string', length: 40 },
    status: { ...nullableText(20) },
    direction: { type: 'string', length: 10 },
    durationSeconds: { type: 'integer', nullable: true },
    startedAt: instant(),
    endedAt: instant(),
    recordingUrl: { ...nullableText(2000) },
    recordingDurationSeconds: { type: 'integer', nullable: true },
    recordingStatus: { ...nullableText(20) },
    transcript: longText(),
    summary: longText(),
    actionItems: { type: 'json', default: [] },
    calledBy: { ...nullableText() },
    telephonyCallSid: { ...nullableText() },
    notes: longText(),
    ...timestampProperties(),
  },
});

export const EmailSchema = new EntitySchema<Email>({
  class: Email,
  tableName: 'emails',
  properties: {
    ...caseRecordProperties(),
    to: { type: 'string', length: 200, fieldName: 'to_address' },
    from: { type: 'string', length: 200, fieldName: 'from_address' },
    subject: { type: 'string', length: 998 },
    body: { type: 'text' },
    status: { type: 'string', length: 20, default: 'queued' },
    sentAt: instant(),
    institutionContactId: { ...nullableText(26) },
    // The delivery receipt (#26): kept out of the email's own view.
    provider: { ...nullableText(100), hidden: true },
    messageId: { ...nullableText(500), hidden: true },
    statusDetail: { ...nullableText(), hidden: true },
    deliveredAt: instant(true),
    openedAt: instant(true),
    nextCheckAt: instant(true),
    deliveryAttempts: { type: 'integer', default: 0, hidden: true },
    ...timestampProperties(),
  },
});

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

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const COMMS_ENTITIES = [PhoneCallSchema, EmailSchema, FaxSchema];
