import { ApiProperty, OmitType } from '@nestjs/swagger';
import { AddressDto, DateField, EmailField, NestedField, StringField } from '@estate/shared-kernel';

/** `PUT /v1/cases/{case_id}/deceased` creates or replaces the record; `ssn` is accepted in full, never returned so. */
export class DeceasedBody {
  @StringField({ description: 'Full legal name; defaults to first, middle and last name.', example: 'Margaret Ann Okafor' })
  full_name?: string | null;

  @StringField({ required: true, description: 'Given name.', example: 'Margaret' })
  first_name: string;

  @StringField({ description: 'Middle name.', example: 'Ann' })
  middle_name?: string | null;

  @StringField({ required: true, description: 'Family name.', example: 'Okafor' })
  last_name: string;

  @DateField({ description: 'Date of birth.', example: '1941-03-14' })
  date_of_birth?: string | null;

  @DateField({ required: true, description: 'Date of death.', example: '2026-08-20' })
  date_of_death: string;

  @StringField({
    max: 11,
    pattern: /^\d{3}-?\d{2}-?\d{4}$/,
    patternMessage: '$property must be 9 digits, optionally as 123-45-6789',
    description: 'Social Security number, 9 digits with or without dashes; accepted in full, stored encrypted, returned masked.',
    example: '123-45-6789',
  })
  ssn?: string | null;

  @NestedField(() => AddressDto, { description: 'Last residence.' })
  address?: AddressDto | null;

  @EmailField({ description: 'Last known e-mail address.', example: 'margaret.okafor@example.com' })
  email?: string | null;

  @StringField({ description: 'How the identity and the death were verified.', example: 'death_certificate' })
  verification_level?: string | null;
}

export class DeceasedView extends OmitType(DeceasedBody, ['ssn'] as const) {
  @ApiProperty({ type: String, nullable: true, example: '*******6789', description: 'Social Security number, masked: all but the last four characters read `*`.' })
  ssn: string | null;
}
