import { IntersectionType, PartialType } from '@nestjs/swagger';
import { BooleanField, EmailField, EnumField, RecordView, StringField } from '@estate/shared-kernel';
import { WAIVER_STATUSES } from '../../domain/case-vocabulary';

export class CreatePersonBody {
  @StringField({ required: true, description: 'Given name.', example: 'Grace' })
  first_name: string;

  @StringField({ description: 'Middle name.', example: 'Adaeze' })
  middle_name?: string | null;

  @StringField({ required: true, description: 'Family name.', example: 'Okafor' })
  last_name: string;

  @StringField({ max: 20, description: 'Name suffix.', example: 'Jr.' })
  suffix?: string | null;

  @StringField({ required: true, description: 'Relationship to the deceased, free text.', example: 'daughter' })
  relationship: string;

  @EmailField({ description: 'E-mail address.', example: 'grace.okafor@example.com' })
  email?: string | null;

  @StringField({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' })
  phone?: string | null;

  @BooleanField({ description: 'Whether the person inherits under the will or by law; false when unset.', example: true })
  is_beneficiary?: boolean | null;

  @BooleanField({ description: 'Whether the person may dispute the estate; false when unset.', example: false })
  possible_dispute?: boolean | null;

  @BooleanField({ description: 'Whether the person has died too; false when unset.', example: false })
  is_deceased?: boolean | null;

  @EnumField(WAIVER_STATUSES, { description: 'Where the person stands on a waiver.', example: 'waiver_pending' })
  waiver_status?: string | null;
}

/** `#9` person body: every field optional; `null` clears the optional ones and is refused on required ones. */
export class PatchPersonBody extends PartialType(CreatePersonBody, { skipNullProperties: false }) {}

export class PersonView extends IntersectionType(RecordView, CreatePersonBody) {}
