import { ApiProperty, IntersectionType, PartialType } from '@nestjs/swagger';
import { BooleanField, DateField, EmailField, EnumField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { SIGNER_ROLES } from '../../domain/bank-account-vocabulary';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export class CreateSignerBody {
  @StringField({ required: true, description: 'Name as the bank has it.', example: 'Margaret A. Okafor' })
  name: string;

  @EnumField(SIGNER_ROLES, { required: true, description: 'Their place on the account; at most one `primary_holder` per account.', example: 'joint_holder' })
  role: string;

  @BooleanField({ description: 'Whether this signer has died (the deceased is usually the primary holder).', example: false })
  is_deceased?: boolean | null;

  @StringField({ min: 26, max: 26, pattern: ULID, description: 'The Person of this case the signer is, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AC' })
  person_id?: string | null;

  @EmailField({ description: 'E-mail address.', example: 'grace.okafor@example.com' })
  email?: string | null;

  @StringField({ max: 40, description: 'Phone number, as given.', example: '+1 217 555 0134' })
  phone?: string | null;

  @DateField({ description: 'When they were added to the account.', example: '2019-04-02' })
  added_date?: string | null;

  @TextField({ description: 'Free notes.', example: 'Signature card on file at the branch.' })
  notes?: string | null;
}

export class PatchSignerBody extends PartialType(CreateSignerBody, { skipNullProperties: false }) {}

export class SignerView extends IntersectionType(RecordView, CreateSignerBody) {
  @ApiProperty({ description: 'The bank account.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AB' })
  bank_account_id: string;
}
