import { ApiProperty, OmitType } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { AddressDto, DateField, EmailField, NestedField, StringField } from '@estate/shared-kernel';

/** `PUT /v1/cases/{case_id}/deceased` creates or replaces the record; `ssn` is accepted in full, never returned so. */
export class DeceasedBody {
  @StringField({ description: 'defaults to first, middle and last name' }) full_name?: string | null;
  @StringField({ required: true }) first_name: string;
  @StringField() middle_name?: string | null;
  @StringField({ required: true }) last_name: string;
  @DateField() date_of_birth?: string | null;
  @DateField({ required: true }) date_of_death: string;

  @StringField({ max: 11, example: '123-45-6789' })
  @Matches(/^\d{3}-?\d{2}-?\d{4}$/, { message: '$property must be 9 digits, optionally as 123-45-6789' })
  ssn?: string | null;

  @NestedField(() => AddressDto) address?: AddressDto | null;
  @EmailField() email?: string | null;
  @StringField() verification_level?: string | null;
}

export class DeceasedView extends OmitType(DeceasedBody, ['ssn'] as const) {
  @ApiProperty({ type: String, nullable: true, example: '*******6789', description: 'masked' }) ssn: string | null;
}
