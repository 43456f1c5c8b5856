import { StringField } from './fields';
import { Matches } from 'class-validator';

/** The specification's address object, used by address, mailing_address, branch_address, property_address… */
export class AddressDto {
  @StringField({ required: true, example: '12 Elm Street' })
  address1: string;

  @StringField()
  address2?: string | null;

  @StringField({ required: true, example: 'Springfield' })
  city: string;

  @StringField({ required: true, max: 2, min: 2, description: 'State abbreviation', example: 'IL' })
  @Matches(/^[A-Z]{2}$/, { message: '$property must be a two-letter state abbreviation in capitals, e.g. IL' })
  state: string;

  @StringField({ required: true, max: 10, example: '62701' })
  @Matches(/^\d{5}(-\d{4})?$/, { message: '$property must be a ZIP code: 5 digits, optionally -4 more' })
  zip: string;
}
