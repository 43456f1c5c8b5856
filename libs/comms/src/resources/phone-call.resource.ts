import { ApiProperty } from '@nestjs/swagger';
import { institutionContactResource } from '@estate/assets';
import { BooleanField, caseResource, ErrorDetail, field, JsonObject, ResourceRecord, StringField } from '@estate/shared-kernel';
import { CreatePhoneCall } from '../application/create-phone-call';
import { PatchPhoneCall } from '../application/patch-phone-call';
import { CALL_DIRECTIONS, CALL_STATUSES, RECORDING_STATUSES } from '../domain/comms-vocabulary';

/** One action item of a call (`#25`): a commitment to follow up, ticked `completed` through `PATCH`. */
export class ActionItemBody {
  @StringField({ required: true, max: 1000, description: 'What has to be done.', example: 'Send a certified copy of the death certificate.' })
  description: string;

  @BooleanField({ description: 'Whether it is done; false when unset.', example: false })
  completed?: boolean | null;
}

/** An action item as presented: `completed` is always set (false when it was sent without). */
class ActionItemView {
  @ApiProperty({ description: 'What has to be done.', example: 'Send the claim form to the insurer' }) description: string;
  @ApiProperty({ description: 'Whether it is done.', example: false }) completed: boolean;
}

function callTimesInOrder(document: JsonObject): ErrorDetail[] {
  const { started_at: started, ended_at: ended } = document;
  if (typeof started !== 'string' || typeof ended !== 'string') return [];
  return Date.parse(ended) < Date.parse(started) ? [{ field: 'ended_at', message: 'ended_at must not be before started_at', reason: 'rule' }] : [];
}

const ULID_EXAMPLE = '01JBX8Q9W4M8Z7T3K2N5R6P0CD';

/**
 * Phone calls: a plain record on the kernel's machinery. Its create and patch go through two small use cases that
 * let the call-summary port fill `summary` and `action_items` (call-summary-rule.ts) and then call the generic writer.
 * `#25` is the read of one call (recording, transcript, summary, action items); cursor pagination is recommended.
 */
export const phoneCallResource = caseResource({
  name: 'phone call',
  path: 'phone-calls',
  idParam: 'call_id',
  table: 'phone_calls',
  fields: {
    // A contact of the same case, or null (contract §3.1); deleting the contact sets it to null.
    institutionContactId: field.reference(() => institutionContactResource, {
      description: 'The institution contact called or calling (same case), or null.',
      example: ULID_EXAMPLE,
    }),
    toNumber: field.string({ required: true, max: 40, description: 'Number called, as dialled.', example: '+1 800 555 0199' }),
    fromNumber: field.string({ required: true, max: 40, description: 'Number calling, as dialled.', example: '+1 217 555 0134' }),
    status: field.enum(CALL_STATUSES, { column: { length: 20 }, description: 'Where the call stands.', example: 'completed' }),
    direction: field.enum(CALL_DIRECTIONS, { required: true, column: { length: 10 }, description: 'Who placed the call.', example: 'outbound' }),
    durationSeconds: field.integer({ min: 0, description: 'Length of the call in seconds.', example: 642 }),
    startedAt: field.dateTime({ description: 'When the call was answered (UTC).', example: '2026-09-01T15:00:00.000Z' }),
    endedAt: field.dateTime({ description: 'When the call ended (UTC); not before `started_at`.', example: '2026-09-01T15:10:42.000Z' }),
    recordingUrl: field.string({
      max: 2000,
      pattern: /^https?:\/\/\S+$/,
      patternMessage: 'recording_url must be an http(s) URL',
      description: 'Where the recording can be fetched.',
      example: 'https://recordings.example/calls/RE1234.mp3',
    }),
    recordingDurationSeconds: field.integer({ min: 0, description: 'Length of the recording in seconds.', example: 640 }),
    recordingStatus: field.enum(RECORDING_STATUSES, { column: { length: 20 }, description: 'Where the recording stands.', example: 'completed' }),
    transcript: field.text({
      column: { type: 'text' },
      description: 'What was said. Creating or patching a transcript without a summary has the summary (and action items) generated.',
      example: 'Agent: We will need a certified copy of the death certificate. Caller: I will mail it tomorrow.',
    }),
    summary: field.text({
      column: { type: 'text' },
      description: 'Machine-generated from the transcript when not sent; a summary sent by the client is kept as sent.',
      example: 'The bank will freeze the account once it receives a certified copy of the death certificate.',
    }),
    actionItems: field.objectArray(() => ActionItemBody, {
      maxItems: 100,
      description: 'Commitments from the call; generated with the summary when none are sent.',
      view: { type: [ActionItemView], description: 'Commitments from the call.' },
    }),
    calledBy: field.string({ description: 'Who made or took the call.', example: 'Grace Okafor' }),
    telephonyCallSid: field.string({ description: "The telephony provider's call identifier.", example: 'CA5f0e4b8c2d1a9e7f6b3c2d1a0e9f8b7c' }),
    notes: field.text({ column: { type: 'text' }, description: 'Free notes.', example: 'Asked for the estate department directly.' }),
  },
  useCases: { create: () => CreatePhoneCall, patch: () => PatchPhoneCall },
  filters: { direction: CALL_DIRECTIONS, status: CALL_STATUSES, recording_status: RECORDING_STATUSES },
  sorts: ['created_at', 'started_at'],
  specRoutes: { read: 25 },
  tag: 'phone-calls',
  tagDescription: 'Calls to institutions.',
  statusChanged: true,
  rules: (document) => callTimesInOrder(document),
  // An action item sent without `completed` is not done yet (booleans read false when unset, contract §3.1).
  derive: (call) => {
    call.actionItems = (call.actionItems ?? []).map((item) => ({ description: item.description, completed: item.completed ?? false }));
  },
});

export type PhoneCall = ResourceRecord<typeof phoneCallResource>;
