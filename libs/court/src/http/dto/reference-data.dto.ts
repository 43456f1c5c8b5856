import { ApiProperty } from '@nestjs/swagger';
import { FORM_PURPOSES } from '../../domain/probate-form';

const PROBATE_TYPES = ['formal', 'informal', 'small_estate'];
const RULE_FROM = ['date_of_death', 'appointment', 'letters_issued', 'qualification', 'first_publication'];

export class PeriodRuleView {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Length of the period.', example: 4 }) amount: number;
  @ApiProperty({ enum: ['days', 'months'], description: 'Unit of the period.', example: 'months' }) unit: string;
  @ApiProperty({ enum: RULE_FROM, description: 'The event the period runs from.', example: 'letters_issued' }) from: string;
  @ApiProperty({ description: 'The law or rule that sets the period.', example: 'Cal. Prob. Code §9100(a)' }) citation: string;
  @ApiProperty({ enum: ['state', 'upc_default', 'federal'], description: "`state`: the state's own rule; `upc_default`: the Uniform Probate Code's, standing in.", example: 'state' })
  source: string;
  @ApiProperty({ description: "true when the citation's own text was checked; false when the value comes from a reputable summary of it.", example: true })
  verified: boolean;
}

export class SmallEstateThresholdView {
  @ApiProperty({ type: 'number', description: 'The threshold, in US dollars.', example: 208850 }) amount: number;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'First date of death it applies to; null: since ever.', example: '2025-04-01' })
  effective_from: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Last date of death it applies to; null: still in force.', example: null })
  effective_to: string | null;
  @ApiProperty({ description: 'The law that sets it.', example: 'Cal. Prob. Code §§13100, 890' }) citation: string;
  @ApiProperty({ description: "true when the citation's own text was checked; false when the value comes from a reputable summary of it.", example: false })
  verified: boolean;
}

const VERIFIED = "true when the citation's own text was checked; false when the value comes from a reputable summary of it, or sources disagree.";
const NOTES = 'What the research noted about the value (disagreeing sources, what was not read); null when nothing.';

export class EstateTaxExemptionView {
  @ApiProperty({ type: 'number', nullable: true, description: 'The exemption, in US dollars: a gross estate at least this large owes the return. null: no published figure was found.', example: 2000000 })
  amount: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'How the law sets the amount when no figure was found.', example: null }) amount_rule: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'First date of death it applies to; null: since ever.', example: '2023-01-01' }) effective_from: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Last date of death it applies to; null: still in force.', example: null }) effective_to: string | null;
  @ApiProperty({ description: 'The law that sets it.', example: 'M.G.L. c. 65C, as amended by St. 2023, c. 50' }) citation: string;
  @ApiProperty({ description: VERIFIED, example: false }) verified: boolean;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: 'Same for 2025 and 2026; not indexed.' }) notes: string | null;
}

/** A state's estate tax. */
export class EstateTaxView {
  @ApiProperty({ type: [EstateTaxExemptionView], description: 'The exemption by date of death: the entry whose dates contain the date of death applies.' })
  exemptions: EstateTaxExemptionView[];
  @ApiProperty({ type: PeriodRuleView, nullable: true, description: 'When the return is due; null: not recorded.' }) return_due: PeriodRuleView | null;
  @ApiProperty({ type: String, nullable: true, description: 'The return form.', example: 'M-706' }) form: string | null;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: 'Extension: Form M-4768, 6 months.' }) notes: string | null;
}

export class InheritanceTaxClassView {
  @ApiProperty({ description: 'The name the state gives the class.', example: 'lineal' }) class: string;
  @ApiProperty({ description: 'Who is in it.', example: 'grandparents, parents, lineal descendants (including step and adopted)' }) who: string;
  @ApiProperty({ description: 'The rate, as the law states it.', example: '4.5%' }) rate: string;
  @ApiProperty({ type: String, nullable: true, description: 'What is exempt for the class.', example: null }) exemption: string | null;
  @ApiProperty({ description: 'Whether a transfer to this class is wholly exempt.', example: false }) exempt: boolean;
  @ApiProperty({
    type: [String],
    enum: ['spouse', 'child', 'grandchild', 'great_grandchild', 'parent', 'sibling', 'half_sibling', 'niece_or_nephew', 'grandparent', 'aunt_or_uncle', 'first_cousin', 'other_relative', 'not_related'],
    description: "The persons' `kinship` values the class holds; empty for a class that depends on something a kinship does not say (an age, a charity).",
    example: ['grandparent', 'parent', 'child', 'grandchild', 'great_grandchild'],
  })
  kinships: string[];
  @ApiProperty({ description: VERIFIED, example: true }) verified: boolean;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: null }) notes: string | null;
}

export class PeriodView {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Length of the period.', example: 3 }) amount: number;
  @ApiProperty({ enum: ['days', 'months', 'years'], description: 'Unit of the period.', example: 'months' }) unit: string;
  @ApiProperty({ enum: RULE_FROM, description: 'The event the period runs from.', example: 'date_of_death' }) from: string;
}

export class EarlyPaymentDiscountView {
  @ApiProperty({ type: 'number', description: 'The discount, in percent of the tax.', example: 5 }) percent: number;
  @ApiProperty({ type: PeriodView, description: 'Paid within this period, the tax is discounted.' }) within: PeriodView;
  @ApiProperty({ description: 'The law that gives it.', example: 'Pennsylvania Inheritance and Estate Tax Act discount provision' }) citation: string;
  @ApiProperty({ description: VERIFIED, example: false }) verified: boolean;
}

/** A state's inheritance tax. */
export class InheritanceTaxView {
  @ApiProperty({ type: [InheritanceTaxClassView], description: 'The classes of beneficiaries, with their rates and exemptions.' }) classes: InheritanceTaxClassView[];
  @ApiProperty({ type: PeriodRuleView, nullable: true, description: 'When the return is due; null: no fixed period is recorded.' }) return_due: PeriodRuleView | null;
  @ApiProperty({ type: EarlyPaymentDiscountView, nullable: true, description: 'A discount for paying early; null: none.' }) early_payment_discount: EarlyPaymentDiscountView | null;
  @ApiProperty({ description: 'The law that sets the classes and rates.', example: '72 P.S. §9116 (Tax Reform Code of 1971 §2116)' }) citation: string;
  @ApiProperty({ description: VERIFIED, example: true }) verified: boolean;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: null }) notes: string | null;
}

/** A state's taxes at death. */
export class DeathTaxesView {
  @ApiProperty({ type: EstateTaxView, nullable: true, description: 'The estate tax; null: the state has none.' }) estate_tax: EstateTaxView | null;
  @ApiProperty({ type: InheritanceTaxView, nullable: true, description: 'The inheritance tax; null: the state has none.' }) inheritance_tax: InheritanceTaxView | null;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: null }) notes: string | null;
}

export class SpouseShareView {
  @ApiProperty({
    description:
      'The case it applies to: `no_descendants_no_parents`, `no_descendants_parents_survive`, `all_descendants_shared_spouse_has_no_others`, ' +
      '`all_descendants_shared_spouse_has_others`, `some_descendants_not_of_spouse`, or a case of the state written out in words.',
    example: 'all_descendants_shared_spouse_has_no_others',
  })
  when: string;
  @ApiProperty({ description: "The spouse's share: `all`, a fraction, or `first N plus F of the balance`.", example: 'first 50000 plus 1/2 of the residue' }) share: string;
  @ApiProperty({ enum: ['all', 'separate_property', 'community_property', 'real_property', 'personal_property'], description: 'The property it applies to.', example: 'all' })
  applies_to: string;
  @ApiProperty({ type: String, nullable: true, description: 'The law that sets it.', example: 'N.Y. EPTL §4-1.1(a)' }) citation: string | null;
  @ApiProperty({ description: VERIFIED, example: true }) verified: boolean;
  @ApiProperty({ description: 'Whether sources disagree on it (then it is not verified, and `notes` gives the other value).', example: false }) disputed: boolean;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: null }) notes: string | null;
}

export class RepresentationView {
  @ApiProperty({ type: String, enum: ['per_stirpes', 'modern_per_stirpes', 'per_capita_at_each_generation', 'per_capita'], nullable: true, description: 'How descendants of a predeceased heir take; null: the defining section was not read.', example: 'per_capita_at_each_generation' })
  method: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The statute's own words.", example: 'by representation' }) statutory_term: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The law that sets it.', example: 'N.Y. EPTL §§4-1.1, 1-2.16' }) citation: string | null;
  @ApiProperty({ description: VERIFIED, example: true }) verified: boolean;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: null }) notes: string | null;
}

export class HeirOrderView {
  @ApiProperty({ type: [String], description: 'The classes that take, in order, when no spouse or descendant survives (or the part not passing to them).', example: ['parents', 'issue_of_parents (siblings, nieces/nephews, by representation)'] })
  order: string[];
  @ApiProperty({ description: 'false: only the first classes were captured.', example: true }) complete: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The law that sets it.', example: 'N.Y. EPTL §4-1.1(a)(3)-(7)' }) citation: string | null;
  @ApiProperty({ description: VERIFIED, example: true }) verified: boolean;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: null }) notes: string | null;
}

/** A state's intestate succession (who inherits without a will). */
export class IntestacyView {
  @ApiProperty({ description: "Whether the state's intestacy sections follow the Uniform Probate Code's Article II.", example: false }) follows_upc_article_ii: boolean;
  @ApiProperty({ description: 'Whether the state has community property.', example: false }) community_property: boolean;
  @ApiProperty({ type: [SpouseShareView], description: "The surviving spouse's share in each case." }) spouse_share: SpouseShareView[];
  @ApiProperty({ type: RepresentationView, description: 'How the descendants take.' }) representation: RepresentationView;
  @ApiProperty({ type: HeirOrderView, description: 'The order of the other heirs.' }) order: HeirOrderView;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: "The spouse's dollar amounts as indexed for a year, where the state indexes them: `year`, the amounts, `citation`, `verified`, `notes`.",
    example: [],
  })
  adjusted_amounts: Array<Record<string, unknown>>;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: 'Parents take nothing if a spouse survives.' }) notes: string | null;
}

export class SourceView {
  @ApiProperty({ description: 'What the source is.', example: 'Cal. Prob. Code §8800' }) citation: string;
  @ApiProperty({ format: 'uri', description: 'Where to read it.', example: 'https://leginfo.legislature.ca.gov/' }) url: string;
}

/** A state (or DC) of §10.4. */
export class ProbateStateView {
  @ApiProperty({ description: 'USPS code, upper case.', example: 'CA' }) code: string;
  @ApiProperty({ description: 'Name of the state.', example: 'California' }) name: string;
  @ApiProperty({ description: 'Two-digit FIPS code.', example: '06' }) fips: string;
  @ApiProperty({ description: 'Whether the state has enacted the Uniform Probate Code.', example: false }) follows_upc: boolean;
  @ApiProperty({ description: 'Whether its counties ship with the service (CA, FL, NY); otherwise its county list is empty.', example: true })
  counties_shipped: boolean;
  @ApiProperty({ type: [String], enum: PROBATE_TYPES, nullable: true, description: 'The probate types the state knows; null: not yet reviewed.', example: ['formal', 'informal', 'small_estate'] })
  probate_types: string[] | null;
  @ApiProperty({ type: String, nullable: true, description: 'The name of a county\'s probate court, `{county}` standing for the county\'s name.', example: 'Superior Court of California, County of {county}' })
  court_name_pattern: string | null;
  @ApiProperty({ type: [SmallEstateThresholdView], nullable: true, description: 'Small-estate thresholds; the entry whose dates contain the date of death applies.' })
  small_estate_thresholds: SmallEstateThresholdView[] | null;
  @ApiProperty({ type: PeriodRuleView, nullable: true, description: 'When the inventory is due; null: not recorded (the UPC rule stands in).' }) inventory_due: PeriodRuleView | null;
  @ApiProperty({ type: PeriodRuleView, nullable: true, description: 'The creditor claim period; null: not recorded.' }) creditor_claim_period: PeriodRuleView | null;
  @ApiProperty({ type: PeriodRuleView, nullable: true, description: 'The outside limit for claims; null: not recorded.' }) creditor_claim_outside_limit: PeriodRuleView | null;
  @ApiProperty({ type: DeathTaxesView, description: "The state's estate and inheritance taxes." }) death_taxes: DeathTaxesView;
  @ApiProperty({ type: IntestacyView, description: "The state's intestate succession: the spouse's share, the descendants' representation, the order of the other heirs." })
  intestacy: IntestacyView;
  @ApiProperty({ type: [SourceView], description: 'Sources of the values.' }) sources: SourceView[];
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'When the values were last reviewed.', example: '2026-11-23' }) last_reviewed: string | null;
}

export class CourtAddressView {
  @ApiProperty({ description: 'Street line.', example: '111 N Hill St' }) address1: string;
  @ApiProperty({ type: String, nullable: true, required: false, description: 'Second line.', example: null }) address2?: string | null;
  @ApiProperty({ description: 'City.', example: 'Los Angeles' }) city: string;
  @ApiProperty({ description: 'USPS state code.', example: 'CA' }) state: string;
  @ApiProperty({ description: 'ZIP code.', example: '90012' }) zip: string;
}

/** A county of §10.4 and its probate court; a value not yet reviewed is null. */
export class ProbateCountyView {
  @ApiProperty({ description: 'Five-digit FIPS code.', example: '06037' }) fips: string;
  @ApiProperty({ description: 'USPS code of its state.', example: 'CA' }) state: string;
  @ApiProperty({ description: 'Name, without "County".', example: 'Los Angeles' }) name: string;
  @ApiProperty({ type: String, nullable: true, description: 'The court that hears probate.', example: 'Superior Court of California, County of Los Angeles' }) court_name: string | null;
  @ApiProperty({ type: CourtAddressView, nullable: true, description: "The court's address; null: not yet reviewed." }) court_address: CourtAddressView | null;
  @ApiProperty({ type: String, nullable: true, description: "The court's phone (E.164); null: not yet reviewed.", example: null }) court_phone: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The court's website; null: not yet reviewed.", example: null }) court_website: string | null;
}

/** A form of the §10.3 catalogue. */
export class ProbateFormView {
  @ApiProperty({ description: '`{state}-{form_number}` in upper case, spaces → `-`.', example: 'CA-DE-111' }) id: string;
  @ApiProperty({ description: 'USPS code of the state, or `US` for a federal form.', example: 'CA' }) state: string;
  @ApiProperty({ description: 'The number the issuing body gives it.', example: 'DE-111' }) form_number: string;
  @ApiProperty({ description: 'Title of the form.', example: 'Petition for Probate' }) title: string;
  @ApiProperty({ enum: FORM_PURPOSES, description: 'What it is for: a court filing type, or `tax` for a tax form.', example: 'petition' }) purpose: string;
  @ApiProperty({ type: [String], enum: PROBATE_TYPES, description: 'The probate types it serves.', example: ['formal', 'informal'] }) probate_types: string[];
  @ApiProperty({ description: 'Whether every case of those types needs it.', example: true }) required: boolean;
  @ApiProperty({ description: 'Who issues it.', example: 'Judicial Council of California' }) issuing_body: string;
  @ApiProperty({ format: 'uri', description: 'The official page of the form.', example: 'https://www.courts.ca.gov/documents/de111.pdf' }) url: string;
  @ApiProperty({ type: String, nullable: true, description: 'Revision of the form, where known.', example: null }) revision: string | null;
}

export class BasicExclusionView {
  @ApiProperty({ type: 'integer', description: 'The calendar year of death.', example: 2026 }) year: number;
  @ApiProperty({ type: 'number', description: 'The basic exclusion amount, in US dollars.', example: 15000000 }) amount: number;
  @ApiProperty({ type: String, format: 'date', description: 'First date of death it applies to.', example: '2026-01-01' }) effective_from: string;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Last date of death it applies to.', example: '2026-12-31' }) effective_to: string | null;
  @ApiProperty({ description: 'The law that sets it.', example: '26 U.S.C. §2010(c)(3)(A), as amended by Pub. L. 119-21, §70106(a)' }) citation: string;
  @ApiProperty({ description: VERIFIED, example: true }) verified: boolean;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: null }) notes: string | null;
}

export class ExtensionView {
  @ApiProperty({ type: 'integer', description: 'Length of the extension.', example: 6 }) amount: number;
  @ApiProperty({ enum: ['days', 'months'], description: 'Unit of the extension.', example: 'months' }) unit: string;
  @ApiProperty({ description: 'The form that asks for it.', example: '4768' }) form: string;
  @ApiProperty({ description: 'Whether it is granted on filing the form by the due date.', example: true }) automatic: boolean;
  @ApiProperty({ description: 'The law that gives it.', example: '26 U.S.C. §6081' }) citation: string;
  @ApiProperty({ description: VERIFIED, example: true }) verified: boolean;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: 'An extension of time to pay is separate (§6161).' }) notes: string | null;
}

export class FilingThresholdView {
  @ApiProperty({ description: 'When the return must be filed, in words.', example: 'A Form 706 is required when the gross estate exceeds the basic exclusion amount for the year of death.' }) rule: string;
  @ApiProperty({ description: 'The law that sets it.', example: '26 U.S.C. §6018(a)(1), (a)(3)' }) citation: string;
  @ApiProperty({ description: VERIFIED, example: true }) verified: boolean;
}

export class LateElectionView {
  @ApiProperty({ type: PeriodView, description: 'How long after death a late election may still be made.' }) within: PeriodView;
  @ApiProperty({ description: 'The rule, in words.', example: 'An estate not otherwise required to file may elect portability by filing a complete 706 on or before the 5th anniversary of the death.' })
  rule: string;
  @ApiProperty({ description: 'The law that gives it.', example: 'Rev. Proc. 2022-32' }) citation: string;
  @ApiProperty({ description: VERIFIED, example: false }) verified: boolean;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: null }) notes: string | null;
}

export class PortabilityView {
  @ApiProperty({ description: 'The rule, in words.', example: "The executor may elect to pass the decedent's unused exclusion amount to the surviving spouse on a timely filed Form 706." })
  rule: string;
  @ApiProperty({ description: 'The law that gives it.', example: '26 U.S.C. §2010(c)(4)-(5)(A)' }) citation: string;
  @ApiProperty({ description: VERIFIED, example: true }) verified: boolean;
  @ApiProperty({ type: LateElectionView, description: 'The simplified late election.' }) late_election: LateElectionView;
}

/** The federal estate tax values. */
export class FederalEstateTaxView {
  @ApiProperty({ description: 'The federal estate tax return.', example: '706' }) form: string;
  @ApiProperty({ type: [BasicExclusionView], description: 'The basic exclusion amount by year of death: Form 706 is due when the gross estate reaches it.' })
  basic_exclusion_amounts: BasicExclusionView[];
  @ApiProperty({ type: PeriodRuleView, description: 'When Form 706 is due.' }) return_due: PeriodRuleView;
  @ApiProperty({ type: String, nullable: true, description: 'How the due date is counted.', example: 'The due date is the day of the ninth month numerically matching the day of death, or the last day of that month.' })
  return_due_notes: string | null;
  @ApiProperty({ type: ExtensionView, description: 'The extension of time to file.' }) extension: ExtensionView;
  @ApiProperty({ type: FilingThresholdView, description: 'When the return must be filed.' }) filing_threshold: FilingThresholdView;
  @ApiProperty({ type: PortabilityView, description: "Portability of the deceased spouse's unused exclusion amount." }) portability: PortabilityView;
  @ApiProperty({ type: String, nullable: true, description: NOTES, example: null }) notes: string | null;
  @ApiProperty({ type: [SourceView], description: 'Sources of the values.' }) sources: SourceView[];
}
