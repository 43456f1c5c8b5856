import { ApiProperty, IntersectionType, PartialType } from '@nestjs/swagger';
import {
  BooleanField,
  DateTimeField,
  EnumField,
  IntegerField,
  NestedArrayField,
  RecordView,
  StringField,
  TextField,
} from '@estate/shared-kernel';
import { CALL_DIRECTIONS, CALL_STATUSES, RECORDING_STATUSES } from '../../domain/comms-vocabulary';

const ULID_EXAMPLE = '01JBX8Q9W4M8Z7T3K2N5R6P0CD';

/** One action item of a call (`#25`): a commitment to follow up, ticked `completed` through `PATCH`. */
export class ActionItemBody {
  @StringField({ required: true, max: 1000, description: 'What has to be done.', example: 'Send a certified copy of the death certificate.' })
  description: string;

  @BooleanField({ description: 'Whether it is done; false when unset.', example: false })
  completed?: boolean | null;
}

export class CreatePhoneCallBody {
  @StringField({ max: 26, description: 'The institution contact called or calling (same case), or null.', example: ULID_EXAMPLE })
  institution_contact_id?: string | null;

  @StringField({ required: true, max: 40, description: 'Number called, as dialled.', example: '+1 800 555 0199' })
  to_number: string;

  @StringField({ required: true, max: 40, description: 'Number calling, as dialled.', example: '+1 217 555 0134' })
  from_number: string;

  @EnumField(CALL_STATUSES, { description: 'Where the call stands.', example: 'completed' })
  status?: string | null;

  @EnumField(CALL_DIRECTIONS, { required: true, description: 'Who placed the call.', example: 'outbound' })
  direction: string;

  @IntegerField({ min: 0, description: 'Length of the call in seconds.', example: 642 })
  duration_seconds?: number | null;

  @DateTimeField({ description: 'When the call was answered (UTC).', example: '2026-09-01T15:00:00.000Z' })
  started_at?: string | null;

  @DateTimeField({ description: 'When the call ended (UTC); not before `started_at`.', example: '2026-09-01T15:10:42.000Z' })
  ended_at?: string | null;

  @StringField({
    max: 2000,
    pattern: /^https?:\/\/\S+$/,
    patternMessage: 'recording_url must be an http(s) URL',
    description: 'Where the recording can be fetched.',
    example: 'https://recordings.example/calls/RE1234.mp3',
  })
  recording_url?: string | null;

  @IntegerField({ min: 0, description: 'Length of the recording in seconds.', example: 640 })
  recording_duration_seconds?: number | null;

  @EnumField(RECORDING_STATUSES, { description: 'Where the recording stands.', example: 'completed' })
  recording_status?: string | null;

  @TextField({
    description: 'What was said. Creating or patching a transcript without a summary has the summary (and action items) generated.',
    example: 'Agent: We will need a certified copy of the death certificate. Caller: I will mail it tomorrow.',
  })
  transcript?: string | null;

  @TextField({
    description: 'Machine-generated from the transcript when not sent; a summary sent by the client is kept as sent.',
    example: 'The bank will freeze the account once it receives a certified copy of the death certificate.',
  })
  summary?: string | null;

  @NestedArrayField(() => ActionItemBody, {
    maxItems: 100,
    description: 'Commitments from the call; generated with the summary when none are sent.',
  })
  action_items?: ActionItemBody[] | null;

  @StringField({ description: 'Who made or took the call.', example: 'Grace Okafor' })
  called_by?: string | null;

  @StringField({ description: "The telephony provider's call identifier.", example: 'CA5f0e4b8c2d1a9e7f6b3c2d1a0e9f8b7c' })
  telephony_call_sid?: string | null;

  @TextField({ description: 'Free notes.', example: 'Asked for the estate department directly.' })
  notes?: string | null;
}

/** Every create field is writable (merge patch, contract §5); `null` is refused on the required ones. */
export class PatchPhoneCallBody extends PartialType(CreatePhoneCallBody, { skipNullProperties: false }) {}

class ActionItemView {
  @ApiProperty({ description: 'What has to be done.', example: 'Send the claim form to the insurer' }) description: string;
  @ApiProperty({ description: 'Whether it is done.', example: false }) completed: boolean;
}

export class PhoneCallView extends IntersectionType(RecordView, CreatePhoneCallBody) {
  @ApiProperty({ type: [ActionItemView], description: 'Commitments from the call.' })
  declare action_items: ActionItemBody[];
}
