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
