import { IntersectionType, PartialType } from '@nestjs/swagger';
import { BooleanField, EmailField, EnumField, RecordView, StringField } from '@estate/shared-kernel';
import { WAIVER_STATUSES } from '../../domain/case-vocabulary';

export class CreatePersonBody {
  @StringField({ required: true }) first_name: string;
  @StringField() middle_name?: string | null;
  @StringField({ required: true }) last_name: string;
  @StringField({ max: 20 }) suffix?: string | null;
  @StringField({ required: true, description: 'free text, e.g. "daughter"' }) relationship: string;
  @EmailField() email?: string | null;
  @StringField({ max: 40 }) phone?: string | null;
  @BooleanField() is_beneficiary?: boolean | null;
  @BooleanField() possible_dispute?: boolean | null;
  @BooleanField() is_deceased?: boolean | null;
  @EnumField(WAIVER_STATUSES) waiver_status?: string | null;
}

/** `#9` person body: every field optional; `null` clears the optional ones and is refused on required ones. */
export class PatchPersonBody extends PartialType(CreatePersonBody, { skipNullProperties: false }) {}

export class PersonView extends IntersectionType(RecordView, CreatePersonBody) {}
