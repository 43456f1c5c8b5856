import { ApiProperty, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { BooleanField, EnumField, MoneyField, NestedArrayField, RecordView, StringArrayField, StringField, TextField } from '@estate/shared-kernel';
import { DISTRIBUTION_STATUSES, RETIREMENT_ACCOUNT_TYPES } from '../../domain/retirement-vocabulary';
import { BeneficiaryBody } from './beneficiary.dto';

export class CreateRetirementAccountBody {
  @EnumField(RETIREMENT_ACCOUNT_TYPES, { required: true, description: 'Kind of account.', example: 'traditional_ira' })
  account_type: string;

  @StringField({ required: true, description: 'The custodian or plan administrator.', example: 'Vanguard' })
  custodian_name: string;

  @StringField({ max: 64, description: 'Account number; accepted in full, always returned masked.', example: '88001234567' })
  account_number?: string | null;

  @StringField({ description: 'Employer sponsoring the plan.', example: 'Springfield Public Schools' })
  employer_name?: string | null;

  @StringField({ description: 'Account status (free text: no fixed set of values).', example: 'open' })
  status?: string | null;

  @MoneyField({ description: 'Current balance.', example: 212000 })
  balance?: number | null;

  @NestedArrayField(() => BeneficiaryBody, { description: 'Named beneficiaries; per designation the shares add up to at most 100.' })
  beneficiaries?: BeneficiaryBody[] | null;

  @StringArrayField({ description: 'Distribution options open to the beneficiaries (free text: no fixed set of values).', example: ['lump_sum', 'inherited_ira'] })
  distribution_options?: string[] | null;

  @BooleanField({ description: 'Whether a required minimum distribution is due; false when unset.', example: true })
  rmd_required?: boolean | null;

  @MoneyField({ description: 'Required minimum distribution amount.', example: 8120 })
  rmd_amount?: number | null;

  @StringField({ description: 'Tax treatment (free text: no fixed set of values).', example: 'pre_tax' })
  tax_treatment?: string | null;

  @EnumField(DISTRIBUTION_STATUSES, { description: 'Where the distribution stands.', example: 'not_started' })
  distribution_status?: string | null;

  @StringField({ max: 26, description: 'An institution contact of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  institution_contact_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Beneficiary claim form sent.' })
  notes?: string | null;
}

/** `#23` retirement body: exactly the specification's writable fields, each optional. */
export class PatchRetirementAccountBody extends PartialType(
  PickType(CreateRetirementAccountBody, [
    'custodian_name',
    'account_number',
    'employer_name',
    'balance',
    'beneficiaries',
    'distribution_options',
    'rmd_required',
    'institution_contact_id',
    'notes',
  ] as const),
  { skipNullProperties: false },
) {}

export class RetirementAccountView extends IntersectionType(RecordView, CreateRetirementAccountBody) {
  @ApiProperty({ description: 'The case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AA' })
  case_id: string;
}
