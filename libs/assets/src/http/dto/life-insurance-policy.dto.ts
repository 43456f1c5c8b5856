import { ApiProperty, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { DateField, MoneyField, NestedArrayField, RecordView, StringField, TextField } from '@estate/shared-kernel';
import { PolicyBeneficiaryBody } from './beneficiary.dto';

export class CreateLifeInsurancePolicyBody {
  @StringField({ description: 'Kind of policy (free text: no fixed set of values).', example: 'term' })
  policy_type?: string | null;

  @StringField({ required: true, description: 'The insurance carrier.', example: 'MetLife' })
  carrier_name: string;

  @StringField({ required: true, max: 64, description: 'Policy number; accepted in full, always returned masked.', example: 'LP-00998877' })
  policy_number: string;

  @StringField({ description: 'Policy status (free text: no fixed set of values).', example: 'in_force' })
  status?: string | null;

  @MoneyField({ description: 'Death benefit.', example: 250000 })
  death_benefit?: number | null;

  @MoneyField({ description: 'Cash value.', example: 0 })
  cash_value?: number | null;

  @NestedArrayField(() => PolicyBeneficiaryBody, { description: 'Named beneficiaries; per designation the shares add up to at most 100.' })
  beneficiaries?: PolicyBeneficiaryBody[] | null;

  @StringField({ description: 'Premium status (free text: no fixed set of values).', example: 'paid_up' })
  premium_status?: string | null;

  @StringField({ description: 'Employer, for a group policy.', example: 'Springfield Public Schools' })
  employer_name?: string | null;

  @StringField({ description: 'Claim status (free text: no fixed set of values).', example: 'not_filed' })
  claim_status?: string | null;

  @DateField({ description: 'When the claim was filed; not after today.', example: '2026-09-10' })
  claim_filed_date?: string | null;

  @DateField({ description: 'When the claim was paid; not after today.', example: '2026-10-02' })
  claim_paid_date?: string | null;

  @MoneyField({ description: 'Amount the claim paid.', example: 250000 })
  claim_paid_amount?: number | null;

  @StringField({ max: 26, description: 'An institution contact of this case, or null.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AD' })
  institution_contact_id?: string | null;

  @TextField({ description: 'Free notes.', example: 'Certified death certificate sent with the claim.' })
  notes?: string | null;
}

/** `#24` policy body: exactly the specification's writable fields, each optional. */
export class PatchLifeInsurancePolicyBody extends PartialType(
  PickType(CreateLifeInsurancePolicyBody, [
    'carrier_name',
    'policy_number',
    'death_benefit',
    'cash_value',
    'beneficiaries',
    'employer_name',
    'claim_filed_date',
    'institution_contact_id',
    'notes',
  ] as const),
  { skipNullProperties: false },
) {}

export class LifeInsurancePolicyView extends IntersectionType(RecordView, CreateLifeInsurancePolicyBody) {
  @ApiProperty({ description: 'The case.', example: '01JBX8Q9W4M8Z7T3K2N5R6P0AA' })
  case_id: string;
}
