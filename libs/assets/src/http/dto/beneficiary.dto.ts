import { BooleanField, NumberField, StringField } from '@estate/shared-kernel';

/**
 * An item of the `beneficiaries` arrays of investment and retirement accounts. `designation` (values not shown by the
 * specification: a string, `primary` when unset) groups the shares rule (contract §3.2). The `#23` body lists items
 * without `designation`; a merge patch replaces an array whole, so refusing it there would silently turn every
 * contingent beneficiary into a primary one — the patch items accept it too.
 */
export class BeneficiaryBody {
  @StringField({ required: true, description: 'Name of the beneficiary.', example: 'Grace Okafor' })
  name: string;

  @StringField({ description: 'Relationship to the deceased, free text.', example: 'daughter' })
  relationship?: string | null;

  @NumberField({ min: 0, max: 100, maxDecimals: 2, description: 'Share in percent, 0–100; per designation the shares add up to at most 100.', example: 50 })
  percentage_share?: number | null;

  @StringField({ description: 'Designation, e.g. primary or contingent; an item without one counts as primary.', example: 'primary' })
  designation?: string | null;
}

/** A life insurance policy's beneficiary: the account item plus `is_irrevocable`. */
export class PolicyBeneficiaryBody extends BeneficiaryBody {
  @BooleanField({ description: 'Whether the designation can no longer be changed by the insured.', example: false })
  is_irrevocable?: boolean | null;
}
