import { EntitySchema } from '@mikro-orm/core';
import { caseRecordProperties, nullableText, timestampProperties } from '@estate/shared-kernel';
import { Email } from '../../domain/email';
import { PhoneCall } from '../../domain/phone-call';

const longText = () => ({ type: 'text', nullable: true }) as const;
const instant = (fieldName: string, hidden = false) => ({ type: 'Date', columnType: 'timestamptz(3)', fieldName, nullable: true, hidden }) as const;

export const PhoneCallSchema = new EntitySchema<PhoneCall>({
  class: PhoneCall,
  tableName: 'phone_calls',
  properties: {
    ...caseRecordProperties(),
    institutionContactId: { ...nullableText(26), fieldName: 'institution_contact_id' },
    toNumber: { type: 'string', length: 40, fieldName: 'to_number' },
    fromNumber: { type: 'string', length: 40, fieldName: 'from_number' },
    status: { ...nullableText(20) },
    direction: { type: 'string', length: 10 },
    durationSeconds: { type: 'integer', fieldName: 'duration_seconds', nullable: true },
    startedAt: instant('started_at'),
    endedAt: instant('ended_at'),
    recordingUrl: { ...nullableText(2000), fieldName: 'recording_url' },
    recordingDurationSeconds: { type: 'integer', fieldName: 'recording_duration_seconds', nullable: true },
    recordingStatus: { ...nullableText(20), fieldName: 'recording_status' },
    transcript: longText(),
    summary: longText(),
    actionItems: { type: 'json', fieldName: 'action_items', default: [] },
    calledBy: { ...nullableText(), fieldName: 'called_by' },
    telephonyCallSid: { ...nullableText(), fieldName: 'telephony_call_sid' },
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
    sentAt: instant('sent_at'),
    institutionContactId: { ...nullableText(26), fieldName: 'institution_contact_id' },
    // The delivery receipt (#26): kept out of the email's own view.
    provider: { ...nullableText(100), hidden: true },
    messageId: { ...nullableText(500), fieldName: 'message_id', hidden: true },
    statusDetail: { ...nullableText(), fieldName: 'status_detail', hidden: true },
    deliveredAt: instant('delivered_at', true),
    openedAt: instant('opened_at', true),
    nextCheckAt: instant('next_check_at', true),
    deliveryAttempts: { type: 'integer', fieldName: 'delivery_attempts', default: 0, hidden: true },
    ...timestampProperties(),
  },
});

/** The MikroORM mappings this context contributes to the application's ORM configuration. */
export const COMMS_ENTITIES = [PhoneCallSchema, EmailSchema];
