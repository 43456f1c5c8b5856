import { OmitType, PartialType } from '@nestjs/swagger';
import { AddressDto, EmailField, NestedField, StringField } from '@estate/shared-kernel';

/** The estate's lawyer before the court (contract-extensions §10.1); every member optional, `email` validated. */
export class ProbateAttorneyDto {
  @StringField({ description: "The attorney's name.", example: 'Dana Reyes' })
  name?: string | null;

  @StringField({ description: 'Their firm.', example: 'Okafor & Reyes LLP' })
  firm?: string | null;

  @StringField({ max: 40, description: 'State bar number.', example: 'CA-284117' })
  bar_number?: string | null;

  @EmailField({ description: 'E-mail address.', example: 'dana.reyes@okaforreyes.example' })
  email?: string | null;

  @StringField({ max: 40, description: 'Phone number, as given.', example: '+1 213 555 0172' })
  phone?: string | null;

  @NestedField(() => AddressDto, {
    description: "The attorney's office address, as a pleading's attorney block prints it.",
    example: { address1: '350 S Grand Ave', address2: 'Suite 2100', city: 'Los Angeles', state: 'CA', zip: '90071' },
  })
  address?: AddressDto | null;
}

/** A merge patch may change one line of the attorney's address: each member optional here, the merged address is checked whole. */
export class PatchProbateAttorneyAddressBody extends PartialType(AddressDto, { skipNullProperties: false }) {}

/** The attorney in a merge patch: as `ProbateAttorneyDto`, its address merged member by member. */
export class PatchProbateAttorneyBody extends PartialType(OmitType(ProbateAttorneyDto, ['address'] as const), { skipNullProperties: false }) {
  @NestedField(() => PatchProbateAttorneyAddressBody, { description: "The attorney's office address (merged member by member)." })
  address?: PatchProbateAttorneyAddressBody | null;
}
