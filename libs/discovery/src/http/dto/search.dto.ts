import { ApiProperty } from '@nestjs/swagger';
import { EinField, EnumArrayField, EnumField, NestedField, StringArrayField, StringField } from '@estate/shared-kernel';
import { STATE_CODES } from '@estate/shared-kernel/domain';
import { SEARCH_TYPES } from '../../domain/search-vocabulary';

/** `parameters` of `POST …/searches/initiate` (contract-extensions §15.2). */
export class SearchParametersBody {
  @EnumArrayField(STATE_CODES, { description: "USPS codes of the states to search; by default the state of the deceased's address.", example: ['IL', 'WI'] })
  states?: string[] | null;

  @StringArrayField({ maxItems: 20, description: 'Other names the deceased went by (a maiden name, a nickname).', example: ['Sam Okafor'] })
  name_variants?: string[] | null;

  @StringField({ max: 26, description: 'business_bank_account only: a business of the case (one of business_id and business_name is required).', example: '01JBX8Q9W4M8Z7T3K2N5R6P0BZ' })
  business_id?: string | null;

  @StringField({ description: 'business_bank_account only: the business searched for, when it is not recorded in the case.', example: 'Okafor Hardware LLC' })
  business_name?: string | null;

  @EinField({ description: "business_bank_account with business_name only: the business's EIN, NN-NNNNNNN.", example: '36-4829175' })
  business_ein?: string | null;
}

export class InitiateSearchBody {
  @EnumField(SEARCH_TYPES, { required: true, description: 'What is searched for.', example: 'unclaimed_property' })
  type: string;

  @NestedField(() => SearchParametersBody, { description: 'Where and for whom to search; the defaults fit a search for the deceased.' })
  parameters?: SearchParametersBody | null;
}

/** An initiated search's parameters as read: the EIN masked, the business's name filled in from `business_id`. */
export class SearchParametersView {
  @ApiProperty({ type: [String], description: 'USPS codes of the states searched (empty: every state).', example: ['IL'] }) states: string[];
  @ApiProperty({ type: [String], description: 'Other names searched for.', example: [] }) name_variants: string[];
  @ApiProperty({ nullable: true, type: String, description: 'The business of the case searched for.', example: null }) business_id: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The business searched for.', example: null }) business_name: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The business's EIN, masked.", example: null }) business_ein: string | null;
}
