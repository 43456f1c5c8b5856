import { ApiProperty, PartialType } from '@nestjs/swagger';
import { AddressDto, BooleanField, DateField, EmailField, EnumField, MoneyField, NestedField, StringField, TextField } from '@estate/shared-kernel';
import { PROBATE_CASE_STATUSES, PROBATE_TYPES } from '../../domain/probate-court-vocabulary';

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
}

/**
 * `PUT /v1/cases/{case_id}/probate` (contract-extensions §10.1) creates or replaces the probate case whole; `state` and
 * `probate_type` are required, `status` defaults to `not_filed`.
 */
export class ProbateCaseBody {
  @StringField({
    required: true,
    min: 2,
    max: 2,
    pattern: /^[A-Z]{2}$/,
    patternMessage: '$property must be a two-letter USPS code in capitals, e.g. CA',
    description: 'USPS code of the state (or DC) whose court hears the case: one of `GET /v1/probate/states`.',
    example: 'CA',
  })
  state: string;

  @StringField({
    max: 5,
    pattern: /^\d{5}$/,
    patternMessage: '$property must be 5 digits',
    description:
      "County FIPS code: one of the state's counties where the reference data ships them, else 5 digits starting with the state's FIPS code. " +
      'Once set, a null `county_name`, `court_name` or `court_address` is filled from the reference data.',
    example: '06037',
  })
  county_fips?: string | null;

  @StringField({ description: 'County name, without "County"; filled from the reference data when null.', example: 'Los Angeles' })
  county_name?: string | null;

  @StringField({ description: "The court's name; filled from the county, or the state's court name pattern, when null.", example: 'Superior Court of California, County of Los Angeles' })
  court_name?: string | null;

  @NestedField(() => AddressDto, { description: "The court's address; filled from the county when null and known." })
  court_address?: AddressDto | null;

  @StringField({ max: 100, description: "The court's case number; needed to open.", example: '26STPB01234' })
  case_number?: string | null;

  @EnumField(PROBATE_TYPES, { required: true, description: 'Kind of proceeding; must be one the state has (`probate_types` of `GET /v1/probate/states/{state}`).', example: 'formal' })
  probate_type: string;

  @EnumField(PROBATE_CASE_STATUSES, {
    description:
      'not_filed (the default) → filed (needs filed_date) → open (needs case_number and opened_date) → closed (needs closed_date); filed or open → dismissed (needs closed_date); ' +
      'a small_estate case may go not_filed → closed. closed and dismissed are final; any other move is 422 on status.',
    example: 'filed',
  })
  status?: string | null;

  @DateField({ description: 'Day the petition was filed; not after today.', example: '2026-10-05' })
  filed_date?: string | null;

  @DateField({ description: 'Day the court opened the case; not before filed_date, not after today.', example: '2026-10-20' })
  opened_date?: string | null;

  @DateField({ description: 'Day the case was closed or dismissed; not before opened_date (or filed_date), not after today.', example: '2026-11-20' })
  closed_date?: string | null;

  @StringField({ description: 'The judge or commissioner assigned.', example: 'Hon. Maria Chen' })
  judge_name?: string | null;

  @DateField({ description: 'Day of the next hearing.', example: '2027-01-12' })
  next_hearing_date?: string | null;

  @BooleanField({ description: 'Whether the court admitted the will; false when unset.', example: true })
  will_admitted?: boolean | null;

  @MoneyField({ min: 0, description: 'Value of the estate stated in the petition.', example: 845000 })
  estate_value_at_filing?: number | null;

  @NestedField(() => ProbateAttorneyDto, { description: 'The attorney of record.' })
  attorney?: ProbateAttorneyDto | null;

  @TextField({ description: 'Free-text notes.', example: 'Petition filed by the attorney through the e-filing portal.' })
  notes?: string | null;
}

/** A merge patch of the same fields (`null` on a required one is 422); the rules of `PUT` hold for the merged record. */
export class PatchProbateCaseBody extends PartialType(ProbateCaseBody, { skipNullProperties: false }) {}

export class ProbateCaseView extends ProbateCaseBody {
  @ApiProperty({ format: 'date-time', description: 'When the record was created (UTC).', example: '2026-09-01T12:00:00.000Z' })
  created_at: string;

  @ApiProperty({ format: 'date-time', description: 'When the record last changed (UTC).', example: '2026-09-02T08:30:00.000Z' })
  updated_at: string;
}
