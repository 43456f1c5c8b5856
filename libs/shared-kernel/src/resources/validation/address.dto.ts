import { StringField } from './fields';

/** The specification's address object, used by address, mailing_address, branch_address, property_address… */
export class AddressDto {
  @StringField({ required: true, description: 'Street address.', example: '12 Elm Street' })
  address1: string;

  @StringField({ description: 'Apartment, suite or unit.', example: 'Apt 4B' })
  address2?: string | null;

  @StringField({ required: true, description: 'City.', example: 'Springfield' })
  city: string;

  @StringField({
    required: true,
    max: 2,
    min: 2,
    pattern: /^[A-Z]{2}$/,
    patternMessage: '$property must be a two-letter state abbreviation in capitals, e.g. IL',
    description: 'USPS state abbreviation, in capitals.',
    example: 'IL',
  })
  state: string;

  @StringField({
    required: true,
    max: 10,
    pattern: /^\d{5}(-\d{4})?$/,
    patternMessage: '$property must be a ZIP code: 5 digits, optionally -4 more',
    description: 'ZIP code: 5 digits, optionally followed by -4 more.',
    example: '62701',
  })
  zip: string;
}
