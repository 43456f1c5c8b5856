import type { Cents } from '@estate/shared-kernel/domain';

/**
 * The gross estate of a case at the date of death: the inventory's gross probate assets plus its non-probate assets
 * (the assets context computes the inventory; the court only weighs the total against the exclusions).
 */
export abstract class GrossEstates {
  abstract grossEstateOf(caseId: string, dateOfDeath: string): Promise<Cents>;
}

/** A living beneficiary of the case and their kinship to the deceased (`null` when the person does not say it). */
export interface SurvivingBeneficiary {
  name: string;
  kinship: string | null;
}

/**
 * Who survives the deceased, as the death taxes need it: whether a person with kinship `spouse` survives (portability)
 * and the living beneficiaries with their kinship (an inheritance tax's classes).
 */
export abstract class SurvivingRelatives {
  abstract survivorsOf(caseId: string): Promise<{ spouseSurvives: boolean; beneficiaries: SurvivingBeneficiary[] }>;
}
